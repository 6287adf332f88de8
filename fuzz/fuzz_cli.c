/* libFuzzer target: the karx command line's argument parsing and commands, in process. The CLI's
 * sources are built with main renamed to karx_cli_main (fuzz/run.sh). The input is split on NUL
 * bytes into argv[1..] (argv[0] is "karx"); after a double NUL the rest is the command's stdin.
 * Each run happens in a private temporary folder (emptied after the run) with stdout to
 * /dev/null and stderr to a file; the properties checked are: the exit status is 0, 1 or 2; every
 * stderr line starts with "karx: " and a failure prints at least one; no crash, no leak (ASan).
 * Inputs that would be slow or reach outside the folder are rejected (return -1): see keep().
 * `cavp` reads request files, not stdin: the stdin bytes become the content of every argument
 * named *.req or *.txt, and its work caps are lowered (--max-iterations 64 --max-mct 1, inserted
 * first, so that the input's own options, counts of at most MAX_COUNT, come after and win). */
#define _GNU_SOURCE /* strdup, dup2, mkdtemp */
#include <ctype.h>
#include <dirent.h>
#include <fcntl.h>
#include <getopt.h>
#include <strings.h>
#include <unistd.h>

#include "fuzz_util.h"

int karx_cli_main(int argc, char **argv);
void __sanitizer_set_report_fd(void *fd); /* sanitizer reports go there, not to fd 2 */
int LLVMFuzzerInitialize(int *argc, char ***argv);

enum { MAX_ARGS = 16, MAX_ARG_LEN = 256, MAX_COUNT = 512 };

static char work_dir[64];
static int saved_fd[3];

int LLVMFuzzerInitialize(int *argc, char ***argv)
{
    (void)argc;
    (void)argv;
    snprintf(work_dir, sizeof work_dir, "/tmp/karx-fuzz-cli.XXXXXX");
    MUST(mkdtemp(work_dir) != NULL);
    MUST(chdir(work_dir) == 0);
    for (int i = 0; i < 3; i++)
        MUST((saved_fd[i] = dup(i)) >= 0);
    /* a run's stderr is captured, so a sanitizer report made during it goes to the real one */
    __sanitizer_set_report_fd((void *)(intptr_t)saved_fd[2]);
    return 0;
}

/* Largest decimal number written in s (saturating), 0 if none. */
static unsigned long long largest_number(const char *s)
{
    unsigned long long best = 0;
    while (*s) {
        unsigned long long v = 0;
        int digits = 0;
        while (isdigit((unsigned char)*s)) {
            v = v > 100000000ull ? 100000000ull : v * 10 + (unsigned)(*s - '0');
            s++;
            digits = 1;
        }
        if (digits && v > best)
            best = v;
        if (!digits)
            s++;
    }
    return best;
}

/* Whether to run this argv: not `bench` (seconds per run), no counts or iterations above
 * MAX_COUNT for rand / drbg / kdf (a number anywhere in an argument counts, hex keys included),
 * and no path that leaves the folder: no "..", and no '/' in an argument that starts with '/'
 * or '-' (so "-o/x", "--key-file=/etc/x" and "/dev/zero" are out; "CHAM-64/128" stays, and as a
 * path it is relative to the folder). */
static int keep(int argc, char **argv)
{
    const char *cmd = argv[1];
    int counted = strcmp(cmd, "rand") == 0 || strcmp(cmd, "drbg") == 0 ||
                  strcmp(cmd, "kdf") == 0 || strcmp(cmd, "cavp") == 0;
    if (strcmp(cmd, "bench") == 0)
        return 0;
    for (int i = 1; i < argc; i++) {
        const char *a = argv[i];
        if (strstr(a, "..") || (strchr(a, '/') && (a[0] == '/' || a[0] == '-')))
            return 0;
        if (counted && largest_number(a) > MAX_COUNT)
            return 0;
    }
    return 1;
}

/* Whether a is a request file name for cavp: it ends in .req or .txt. */
static int request_name(const char *a)
{
    size_t n = strlen(a);
    return a[0] != '-' && n > 4 && (strcasecmp(a + n - 4, ".req") == 0 || strcasecmp(a + n - 4, ".txt") == 0);
}

/* cavp: the stdin bytes as the content of each request file named (a name that cannot be made,
 * "x/y.req" without x, is left to fail as a missing file). */
static void request_files(int argc, char **argv, const uint8_t *in, size_t inl)
{
    for (int i = 2; i < argc; i++) {
        if (!request_name(argv[i]))
            continue;
        int fd = open(argv[i], O_WRONLY | O_CREAT | O_TRUNC, 0600);
        if (fd < 0)
            continue;
        MUST(inl == 0 || write(fd, in, inl) == (ssize_t)inl);
        close(fd);
    }
}

/* Removes the files a run left in the folder (the CLI makes files, never folders). */
static void empty_work_dir(void)
{
    DIR *d = opendir(".");
    MUST(d != NULL);
    struct dirent *e;
    while ((e = readdir(d)) != NULL)
        if (strcmp(e->d_name, ".") != 0 && strcmp(e->d_name, "..") != 0)
            MUST(unlink(e->d_name) == 0);
    closedir(d);
}

/* A fresh file in the folder holding bytes, opened for reading (the command's stdin). */
static int stdin_file(const uint8_t *p, size_t n)
{
    int fd = open(".stdin", O_RDWR | O_CREAT | O_TRUNC, 0600);
    MUST(fd >= 0);
    MUST(n == 0 || write(fd, p, n) == (ssize_t)n);
    MUST(lseek(fd, 0, SEEK_SET) == 0);
    MUST(unlink(".stdin") == 0);
    return fd;
}

/* Every line of the captured stderr starts with "karx: "; a failure printed at least one. */
static void check_stderr(int fd, int rc)
{
    static char buf[1 << 16];
    MUST(lseek(fd, 0, SEEK_SET) == 0);
    ssize_t n = read(fd, buf, sizeof buf - 1);
    MUST(n >= 0);
    buf[n] = '\0';
    if (rc != 0)
        MUST(n > 0);
    for (char *line = buf; *line;) {
        if (strncmp(line, "karx: ", 6) != 0) {
            fprintf(stderr, "fuzz: stderr line not in the karx: form: %.200s\n", line);
            MUST(0);
        }
        char *nl = strchr(line, '\n');
        if (nl == NULL)
            break;
        line = nl + 1;
    }
}

/* Splits the input into argv (NUL-separated, each cut to MAX_ARG_LEN) and the stdin bytes. */
static int split(const uint8_t *data, size_t size, char **argv, const uint8_t **in, size_t *inl)
{
    int argc = 1;
    size_t i = 0;
    argv[0] = strdup("karx");
    *in = NULL;
    *inl = 0;
    while (i < size && argc < MAX_ARGS) {
        size_t j = i;
        while (j < size && data[j] != 0)
            j++;
        size_t n = j - i < MAX_ARG_LEN ? j - i : MAX_ARG_LEN;
        argv[argc] = malloc(n + 1);
        MUST(argv[argc] != NULL);
        memcpy(argv[argc], data + i, n);
        argv[argc++][n] = '\0';
        if (j + 1 < size && data[j + 1] == 0) { /* double NUL: the rest is stdin */
            *in = data + j + 2;
            *inl = size - (j + 2 < size ? j + 2 : size);
            break;
        }
        i = j + 1;
    }
    argv[argc] = NULL;
    return argc;
}

static int run_cli(int argc, char **argv, const uint8_t *in, size_t inl)
{
    int in_fd = stdin_file(in, inl), null_fd = open("/dev/null", O_WRONLY);
    int err_fd = open(".stderr", O_RDWR | O_CREAT | O_TRUNC, 0600);
    MUST(null_fd >= 0 && err_fd >= 0 && unlink(".stderr") == 0);
    fflush(stdout);
    fflush(stderr);
    MUST(dup2(in_fd, 0) == 0 && dup2(null_fd, 1) == 1 && dup2(err_fd, 2) == 2);
    clearerr(stdin);
    optind = 0; /* glibc: a full reinitialisation of getopt's state */
    int rc = karx_cli_main(argc, argv);
    fflush(stdout);
    fflush(stderr);
    clearerr(stdin);
    for (int i = 0; i < 3; i++)
        MUST(dup2(saved_fd[i], i) == i);
    check_stderr(err_fd, rc);
    close(in_fd);
    close(null_fd);
    close(err_fd);
    return rc;
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
    char *argv[MAX_ARGS + 1];
    const uint8_t *in;
    size_t inl;
    int argc = split(data, size, argv, &in, &inl), ret = 0;
    if (argc < 2 || !keep(argc, argv)) {
        ret = -1; /* not worth keeping in the corpus */
    } else if (strcmp(argv[1], "cavp") == 0) {
        /* karx cavp --max-iterations 64 --max-mct 1 ARGS...: the caps first, the input's after */
        char iter[] = "--max-iterations=64", mct[] = "--max-mct=1"; /* writable, as argv is */
        char *cavp_argv[MAX_ARGS + 3] = {argv[0], argv[1], iter, mct};
        for (int i = 2; i <= argc; i++)
            cavp_argv[i + 2] = argv[i];
        request_files(argc, argv, in, inl);
        int rc = run_cli(argc + 2, cavp_argv, NULL, 0);
        if (rc < 0 || rc > 2)
            fprintf(stderr, "fuzz: karx exited with %d\n", rc);
        MUST(rc >= 0 && rc <= 2);
        empty_work_dir();
    } else {
        int rc = run_cli(argc, argv, in, inl);
        if (rc < 0 || rc > 2)
            fprintf(stderr, "fuzz: karx exited with %d\n", rc);
        MUST(rc >= 0 && rc <= 2);
        empty_work_dir();
    }
    for (int i = 0; i < argc; i++)
        free(argv[i]);
    return ret;
}

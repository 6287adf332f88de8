; MSP430 start-up for the karx test program: stack, watchdog off, .bss cleared (.data is loaded
; in place by the simulator from the image), main, then plat_exit with its status. The reset
; vector at 0xfffe points here (link430.py places .resetvec there).
    .section .text._start,"ax",@progbits
    .global _start
_start:
    mov #__stack_top, r1
    mov #0x5a80, &0x0120        ; WDTCTL = WDTPW | WDTHOLD
    mov #__bss_start, r12
1:
    cmp #__bss_end, r12
    jhs 2f
    mov.b #0, 0(r12)
    inc r12
    jmp 1b
2:
    call #main
    call #plat_exit
3:
    jmp 3b

    .section .resetvec,"a",@progbits
    .word _start

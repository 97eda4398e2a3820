| fix_div.S - divu.w / divs.w for harness/tests/test_m68kfix.c.
|
| Assembled at build time (harness/capture/m68kfix.mk).  Loaded at 0 into
| 64 KiB of RAM with the stack near $FFF0; run from 0 until PC = 4.
|
| For each (dividend, divisor) pair in `pairs` (none divides by zero) and
| two starting condition codes ($00 and $1F) it runs, in this order:
|   divu.w d1,d0   divu.w (a0),d0   divu.w (a0)+,d0   divu.w #7,d0
|   divs.w d1,d0   divs.w -(a0),d0  divs.w 2(a0,d2.w),d0   divs.w #-7,d0
| with d0 = the dividend and the divisor in d1 and in the word at $7000,
| and appends a 16-byte record at $8000 onwards:
|   dividend (long), divisor (word), starting CCR (word),
|   D0 afterwards (long), SR right after the divide (word), A0 - $7000
|   afterwards (word).
| Loop order: pair, starting CCR, instruction.
| ($80000000 / -1 is not here: Unicorn 2.0.1 divides it on the host and
| the process dies of SIGFPE.  test_m68kfix.c runs it with the correction
| only.)

	.text
	.globl	_start
_start:	bra.w	main
done:	nop				| offset 4: the test stops here
	nop

	.macro	REC
	move.w	%sr,%d3
	move.l	%d6,(%a5)+
	move.w	%d4,(%a5)+
	move.w	%d5,(%a5)+
	move.l	%d0,(%a5)+
	move.w	%d3,(%a5)+
	move.l	%a0,%d3
	sub.w	#0x7000,%d3
	move.w	%d3,(%a5)+
	.endm

	.macro	SETUP
	move.w	%d4,(0x7000).w
	move.w	%d4,%d1
	move.l	%d6,%d0
	.endm

main:
	lea	(0x00008000).l,%a5
	lea	pairs(%pc),%a4
	moveq	#NPAIRS-1,%d7
1:	move.l	(%a4)+,%d6		| dividend
	move.w	(%a4)+,%d4		| divisor
	moveq	#0,%d5
	bsr.w	run_all
	moveq	#0x1F,%d5
	bsr.w	run_all
	dbra	%d7,1b
	bra.w	done

run_all:
	SETUP
	lea	(0x7000).w,%a0
	move.w	%d5,%ccr
	divu.w	%d1,%d0
	REC
	SETUP
	lea	(0x7000).w,%a0
	move.w	%d5,%ccr
	divu.w	(%a0),%d0
	REC
	SETUP
	lea	(0x7000).w,%a0
	move.w	%d5,%ccr
	divu.w	(%a0)+,%d0
	REC
	SETUP
	lea	(0x7000).w,%a0
	move.w	%d5,%ccr
	divu.w	#7,%d0
	REC
	SETUP
	lea	(0x7000).w,%a0
	move.w	%d5,%ccr
	divs.w	%d1,%d0
	REC
	SETUP
	lea	(0x7002).w,%a0
	move.w	%d5,%ccr
	divs.w	-(%a0),%d0
	REC
	SETUP
	lea	(0x6FF0).w,%a0
	move.l	#0xABCD000E,%d2
	move.w	%d5,%ccr
	divs.w	2(%a0,%d2.w),%d0
	REC
	SETUP
	lea	(0x7000).w,%a0
	move.w	%d5,%ccr
	divs.w	#-7,%d0
	REC
	rts

	.equ	NPAIRS, 14
pairs:	| dividend (long), divisor (word)
	.long	100
	.word	7
	.long	0x12345678
	.word	2			| overflows both
	.long	0x0001FFFF
	.word	2			| divu fits ($FFFF), divs overflows
	.long	0x00010000
	.word	1			| overflows both
	.long	0xFFFF8000
	.word	1			| divs: -32768 fits; divu overflows
	.long	0x00008000
	.word	0xFFFF			| divs: -32768 fits
	.long	0x80000000
	.word	1			| divs: -2^31 overflows (see below)
	.long	0xFFFFFF9C
	.word	7			| divs: -100/7 = -14 r -2
	.long	0x00000064
	.word	0xFFF9			| divs: 100/-7
	.long	0
	.word	5			| zero quotient
	.long	0x7FFFFFFF
	.word	0x7FFF
	.long	0x00070000
	.word	7			| divu: exactly $10000 overflows
	.long	0x0000FFFF
	.word	0xFFFF			| divu: 1
	.long	0x00000006
	.word	0xFFFF			| divs: -6

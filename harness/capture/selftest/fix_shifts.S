| fix_shifts.S - memory-form word shifts for harness/tests/test_m68kfix.c.
|
| Assembled at build time (harness/capture/m68kfix.mk).  Loaded at 0 into
| 64 KiB of RAM with the stack near $FFF0; run from 0 until PC = 4.
|
| For each of 16 input words (inputs, below) and two starting condition
| codes ($00 and $1F), it runs asr.w, lsr.w, asl.w and lsl.w <ea> on a word
| at $7000 through eight addressing modes, in this order:
|   (a0)  (a0)+  -(a0)  $10(a0)  2(a0,d1.w)  -2(a0,a1.l)  ($7000).w
|   ($7000).l
| and appends a 12-byte record at $8000 onwards:
|   input word, starting CCR word, the word at $7000 afterwards,
|   SR right after the shift (move.w sr), A0 afterwards (long).
| Loop order: input, starting CCR, operation, mode.

	.text
	.globl	_start
_start:	bra.w	main
done:	nop				| offset 4: the test stops here
	nop

	.macro	REC
	move.w	%sr,%d0
	move.w	%d6,(%a5)+
	move.w	%d5,(%a5)+
	move.w	(0x7000).w,(%a5)+
	move.w	%d0,(%a5)+
	move.l	%a0,(%a5)+
	.endm

	.macro	ALLMODES op
	move.w	%d6,(0x7000).w		| (a0)
	lea	(0x7000).w,%a0
	move.w	%d5,%ccr
	\op	(%a0)
	REC
	move.w	%d6,(0x7000).w		| (a0)+
	lea	(0x7000).w,%a0
	move.w	%d5,%ccr
	\op	(%a0)+
	REC
	move.w	%d6,(0x7000).w		| -(a0)
	lea	(0x7002).w,%a0
	move.w	%d5,%ccr
	\op	-(%a0)
	REC
	move.w	%d6,(0x7000).w		| d16(a0)
	lea	(0x6FF0).w,%a0
	move.w	%d5,%ccr
	\op	0x10(%a0)
	REC
	move.w	%d6,(0x7000).w		| d8(a0,d1.w): only the low word counts
	lea	(0x6FFC).w,%a0
	move.l	#0x12340002,%d1
	move.w	%d5,%ccr
	\op	2(%a0,%d1.w)
	REC
	move.w	%d6,(0x7000).w		| d8(a0,a1.l): a long, negative index
	lea	(0x7100).w,%a0
	move.l	#-0xFE,%a1
	move.w	%d5,%ccr
	\op	-2(%a0,%a1.l)
	REC
	move.w	%d6,(0x7000).w		| (xxx).w
	lea	(0x7000).w,%a0
	move.w	%d5,%ccr
	\op	(0x7000).w
	REC
	move.w	%d6,(0x7000).w		| (xxx).l
	lea	(0x7000).w,%a0
	move.w	%d5,%ccr
	\op	(0x00007000).l
	REC
	.endm

main:
	lea	(0x00008000).l,%a5
	lea	inputs(%pc),%a4
	moveq	#15,%d7
1:	move.w	(%a4)+,%d6
	moveq	#0,%d5
	bsr.w	run_all
	moveq	#0x1F,%d5
	bsr.w	run_all
	dbra	%d7,1b
	bra.w	done

run_all:
	ALLMODES asr.w
	ALLMODES lsr.w
	ALLMODES asl.w
	ALLMODES lsl.w
	rts

inputs:
	.word	0x0000, 0x0001, 0x0002, 0x7FFF, 0x8000, 0x8001, 0xFFFF, 0xFFFE
	.word	0x4000, 0xC000, 0x4001, 0xBFFF, 0x1234, 0xFEDC, 0x00FF, 0x8080

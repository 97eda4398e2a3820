| scd.S - a stand-in for Sonic CD's level program, for the capture self-test.
|
| Assembled at build time (harness/capture/capture.mk) like player.S, at
| address 0; harness/tests/test_capture_scd.c loads the image at $200000
| (the description's load_base), so every absolute address below is the
| one the image's bytes have there: file offset $xxxx is $20xxxx.  The
| tests' description names these places and the real program's tables
| (LevelChunks $210000, ColAngleMap $2385B8, ColHeightMap $2386B8,
| ColWidthMap $2396B8), which lie in the zero bytes the tests pad the
| image with.
|
| "player" ($200200) is entered as ObjSonic is (A0 = the object at
| $FFFFD000) and reports in fields the soniccd trace records:
|   anim            the held byte (p1CtrlData $FFFFF604)
|   charge          the tapped byte ($FFFFF605)
|   player_ctrl     timeZone read as a long address ($00FF152E)
|   jumping         incremented through the RAM mirror ($00FFD03C) ...
|   width_radius    ... and read back through the short address ($D03C)
|   control_lock    the program's own first word ($200100), read absolutely
|   word_38         with B tapped: the Z80 stopped and its RAM written as
|                   ObjSonic_Restart does, then SubCPUCmd's handshake
|                   with the gate array (command $79); the status word it
|                   read back; else left alone
| and probes the level as FindLevelFloor reads it, at (x, y + height
| radius): the layout ($FFFFA000, 16 rows of $80) gives the chunk,
|   angle_buffer_2  the chunk id
|   ground_speed    the cell word (LevelChunks + (id - 1) * $200 + ...)
|   angle_buffer_1  the mask id (block id & $7FF through collisionPtr)
|   angle           ColAngleMap[mask id]
|   x_speed         ColHeightMap[mask id * 16]: the first column's height
| An empty chunk (layout byte 0) reports 0 in all five.

	.text
	.org	0x100
entry:					| $200100: what JmpTo_Start holds
	jmp	(0x00200180).l

	.org	0x200
player:
	move.b	(0xF604).w,%d0		| held
	move.b	(0xF605).w,%d1		| tapped
	move.b	%d0,0x1C(%a0)
	move.b	%d1,0x2A(%a0)
	move.b	(0x00FF152E).l,0x2C(%a0)	| timeZone, a long address
	addq.b	#1,(0x00FFD03C).l	| through the mirror
	move.b	(0xD03C).w,0x17(%a0)	| back through $FFFFD03C
	move.w	(0x00200100).l,0x3E(%a0)	| the program's own word
	btst	#4,%d1			| B tapped?
	beq.s	probe
	move.w	#0x100,(0x00A11100).l	| stop the Z80 (StopZ80)
1:	btst	#0,(0x00A11100).l
	bne.s	1b
	move.b	#1,(0x00A01C3E).l	| as ObjSonic_Restart
	move.w	#0,(0x00A11100).l	| StartZ80
	move.w	#0x79,%d0		| SubCPUCmd's handshake
	move.w	%d0,(0x00A12010).l
2:	move.w	(0x00A12020).l,%d0
	beq.s	2b
	cmp.w	(0x00A12020).l,%d0
	bne.s	2b
	move.w	%d0,0x38(%a0)
	move.w	#0,(0x00A12010).l
3:	move.w	(0x00A12020).l,%d0
	bne.s	3b
	move.w	(0x00A12020).l,%d0
	bne.s	3b

probe:
	move.w	8(%a0),%d3		| x
	move.w	0xC(%a0),%d2		| y + height radius
	moveq	#0,%d4
	move.b	0x16(%a0),%d4
	add.w	%d4,%d2
	move.w	%d2,%d4			| layout index: 16 rows of $80
	lsr.w	#1,%d4
	andi.w	#0x780,%d4
	move.w	%d3,%d5
	lsr.w	#8,%d5
	andi.w	#0x7F,%d5
	add.w	%d5,%d4
	lea	(0xA000).w,%a1		| levelLayout
	moveq	#0,%d5
	move.b	(%a1,%d4.w),%d5		| chunk id
	beq.s	empty
	move.b	%d5,0x37(%a0)
	subq.w	#1,%d5			| (id - 1) * $200
	lsl.w	#8,%d5
	add.w	%d5,%d5
	move.w	%d2,%d4			| + (y & $F0) * 2
	add.w	%d4,%d4
	andi.w	#0x1E0,%d4
	add.w	%d4,%d5
	move.w	%d3,%d4			| + (x & $F0) / 8
	lsr.w	#3,%d4
	andi.w	#0x1E,%d4
	add.w	%d4,%d5
	moveq	#0,%d6
	move.w	%d5,%d6
	addi.l	#0x00210000,%d6		| LevelChunks
	movea.l	%d6,%a1
	move.w	(%a1),%d6		| cell word
	move.w	%d6,0x14(%a0)
	andi.w	#0x7FF,%d6		| block id
	movea.l	(0xF796).w,%a1		| collisionPtr
	moveq	#0,%d7
	move.b	(%a1,%d6.w),%d7		| mask id
	move.b	%d7,0x36(%a0)
	lea	(0x002385B8).l,%a1	| ColAngleMap
	move.b	(%a1,%d7.w),0x26(%a0)
	lsl.w	#4,%d7
	lea	(0x002386B8).l,%a1	| ColHeightMap
	move.b	(%a1,%d7.w),%d6
	ext.w	%d6
	move.w	%d6,0x10(%a0)
	rts
empty:
	clr.b	0x37(%a0)
	clr.w	0x14(%a0)
	clr.b	0x36(%a0)
	clr.b	0x26(%a0)
	clr.w	0x10(%a0)
	rts

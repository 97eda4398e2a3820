| player.S - stand-ins for the player routine, for the capture self-test.
|
| Assembled at build time (harness/capture/capture.mk) into a small "ROM"
| image that harness/tests/test_capture*.c describe with their own address
| table.  Every routine is entered like the game's player routine: A0 = the
| player object ($FFFFD000), a return address on the stack.  The addresses
| fixed by .org below are the ones the tests' table names.
|
| "player" reads the joypad bytes and probes the tile under the object
| through the same structures the game uses (layout -> 256x256 chunk ->
| cell word -> collision index -> mask arrays), then reports what it found
| in fields the trace records:
|   x (pixel)       +1 while right is held, -1 while left is held
|   control_lock    held byte << 8 | pressed byte (v_jpadhold1/press1)
|   anim, routine   the held and pressed bytes' second copies
|                   (v_jpadhold2/press2)
|   jumping         incremented each frame through the RAM mirror
|                   ($00FFD03C)
|   width_radius    jumping read back through the short address ($D03C)
|   ground_speed    the cell word at (x, y + height radius)
|   angle_buffer_2  its solidity bits (word bits 13-14, as 0..3)
|   angle_buffer_1  the mask id the collision index gives for its block
|   angle           AngleMap[mask id]
|   x_speed         the column height at x (x flip mirrors the column,
|                   y flip negates)
|   y_speed         the row width at y (y flip mirrors the row, x flip
|                   negates)
| An empty chunk (layout byte 0) reports 0 in all six probe fields.

	.text
	.org	0x200
player:
	move.b	(0xF604).w,%d0		| held (v_jpadhold1)
	move.b	(0xF605).w,%d1		| pressed (v_jpadpress1)
	move.b	%d0,0x3E(%a0)
	move.b	%d1,0x3F(%a0)
	move.b	(0xF602).w,0x1C(%a0)	| v_jpadhold2
	move.b	(0xF603).w,0x24(%a0)	| v_jpadpress2
	btst	#3,%d0			| right
	beq.s	1f
	addq.w	#1,8(%a0)
1:	btst	#2,%d0			| left
	beq.s	2f
	subq.w	#1,8(%a0)
2:	addq.b	#1,(0x00FFD03C).l	| through the mirror
	move.b	(0xD03C).w,0x17(%a0)	| back through $FFFFD03C

	move.w	8(%a0),%d3		| probe x
	move.w	0xC(%a0),%d2		| probe y = y + height radius
	moveq	#0,%d4
	move.b	0x16(%a0),%d4
	add.w	%d4,%d2
	move.w	%d2,%d4			| layout index
	lsr.w	#1,%d4
	andi.w	#0x380,%d4
	move.w	%d3,%d5
	lsr.w	#8,%d5
	andi.w	#0x7F,%d5
	add.w	%d5,%d4
	lea	(0xA400).w,%a1		| v_lvllayout
	moveq	#0,%d5
	move.b	(%a1,%d4.w),%d5		| chunk id
	beq.w	empty
	subq.w	#1,%d5			| chunk offset = (id - 1) * $200
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
	moveq	#-1,%d6			| $FFFF0000 + offset (v_256x256)
	move.w	%d5,%d6
	movea.l	%d6,%a1
	move.w	(%a1),%d6		| cell word
	move.w	%d6,0x14(%a0)
	move.w	%d6,%d7			| solidity bits
	rol.w	#3,%d7
	andi.w	#3,%d7
	move.b	%d7,0x37(%a0)
	move.w	%d6,%d7			| block id
	andi.w	#0x3FF,%d7
	movea.l	(0xF796).w,%a2		| v_collindex
	moveq	#0,%d5
	move.b	(%a2,%d7.w),%d5		| mask id
	move.b	%d5,0x36(%a0)
	lea	(0x1000).l,%a2		| AngleMap
	move.b	(%a2,%d5.w),0x26(%a0)
	lsl.w	#4,%d5
	move.w	%d3,%d4			| column
	andi.w	#15,%d4
	btst	#11,%d6
	beq.s	3f
	eori.w	#15,%d4
3:	add.w	%d5,%d4
	lea	(0x1100).l,%a2		| CollArray1
	move.b	(%a2,%d4.w),%d4
	ext.w	%d4
	btst	#12,%d6
	beq.s	4f
	neg.w	%d4
4:	move.w	%d4,0x10(%a0)
	move.w	%d2,%d4			| row
	andi.w	#15,%d4
	btst	#12,%d6
	beq.s	5f
	eori.w	#15,%d4
5:	add.w	%d5,%d4
	lea	(0x2100).l,%a2		| CollArray2
	move.b	(%a2,%d4.w),%d4
	ext.w	%d4
	btst	#11,%d6
	beq.s	6f
	neg.w	%d4
6:	move.w	%d4,0x12(%a0)
	rts
empty:
	clr.w	0x14(%a0)
	clr.b	0x37(%a0)
	clr.b	0x36(%a0)
	clr.b	0x26(%a0)
	clr.w	0x10(%a0)
	clr.w	0x12(%a0)
	rts

| Routines that fail, one way each.
	.org	0x400
bad_unmapped:				| read from nowhere
	move.w	(0x00400000).l,%d0
	rts
	.org	0x420
bad_illegal:				| ILLEGAL
	illegal
	rts
	.org	0x440
bad_loop:				| never returns
	bra.s	bad_loop
	.org	0x460
bad_vdp:				| VDP control port
	move.w	#0x8F02,(0x00C00004).l
	rts
	.org	0x480
bad_romwrite:				| write to ROM
	move.w	%d0,(0x00000300).l
	rts
	.org	0x4A0
bad_outside:				| jump into the data beyond the code
	jmp	(0x00001800).l
	.org	0x4C0
asr_mem:				| asr.w d16(An): Unicorn runs it as lsr.w
	asr.w	0x10(%a0)
	rts
	.org	0x4E0
bad_third:				| ILLEGAL on the third call
	addq.b	#1,0x3C(%a0)
	cmpi.b	#3,0x3C(%a0)
	bne.s	1f
	illegal
1:	rts
	.org	0x500
bad_sentinel:				| jumps to the sentinel instead of returning
	jmp	(0x00800000).l

| The state the routine is entered with, recorded each frame; then every
| register and SR are left changed, so that the next frame shows whether
| they were set again.
	.org	0x600
entry_state:
	move.w	%sr,0x10(%a0)		| x_speed: SR at entry
	move.l	%sp,0x08(%a0)		| x: the stack pointer at entry
	move.l	(%sp),0x0C(%a0)		| y: the return address on the stack
	or.l	%d1,%d0			| D0-D7 and A1-A6 ORed together
	or.l	%d2,%d0
	or.l	%d3,%d0
	or.l	%d4,%d0
	or.l	%d5,%d0
	or.l	%d6,%d0
	or.l	%d7,%d0
	move.l	%a1,%d1
	or.l	%d1,%d0
	move.l	%a2,%d1
	or.l	%d1,%d0
	move.l	%a3,%d1
	or.l	%d1,%d0
	move.l	%a4,%d1
	or.l	%d1,%d0
	move.l	%a5,%d1
	or.l	%d1,%d0
	move.l	%a6,%d1
	or.l	%d1,%d0
	move.w	%d0,0x12(%a0)		| y_speed: their low word
	swap	%d0
	move.w	%d0,0x14(%a0)		| ground_speed: their high word
	addq.b	#1,0x3C(%a0)		| jumping: frames run
	moveq	#-1,%d0
	moveq	#-1,%d1
	moveq	#-1,%d2
	moveq	#-1,%d3
	moveq	#-1,%d4
	moveq	#-1,%d5
	moveq	#-1,%d6
	moveq	#-1,%d7
	movea.w	#-1,%a1
	movea.w	#-1,%a2
	movea.w	#-1,%a3
	movea.w	#-1,%a4
	movea.w	#-1,%a5
	movea.w	#-1,%a6
	move.w	#0x201F,%sr		| interrupt mask 0, every flag set
	rts

| Routines that fail on the frame the start state's anim byte ($1C) names
| (jumping, $3C, counts the frames run), one way each.
	.org	0x6A0
vdp_on_frame:				| touch the VDP
	addq.b	#1,0x3C(%a0)
	move.b	0x3C(%a0),%d0
	cmp.b	0x1C(%a0),%d0
	bne.s	1f
	move.w	#0x8F02,(0x00C00004).l
1:	rts
	.org	0x6C0
loop_on_frame:				| never return
	addq.b	#1,0x3C(%a0)
	move.b	0x3C(%a0),%d0
	cmp.b	0x1C(%a0),%d0
	bne.s	1f
2:	bra.s	2b
1:	rts
	.org	0x6E0
stack_on_frame:				| go to the sentinel without popping it
	addq.b	#1,0x3C(%a0)
	move.b	0x3C(%a0),%d0
	cmp.b	0x1C(%a0),%d0
	bne.s	1f
	jmp	(0x00800000).l
1:	rts
	.org	0x700
outside_on_frame:			| jump into the data beyond the code
	addq.b	#1,0x3C(%a0)
	move.b	0x3C(%a0),%d0
	cmp.b	0x1C(%a0),%d0
	bne.s	1f
	jmp	(0x00001800).l
1:	rts
	.org	0x720
driver_on_frame:			| jump to the frame driver's jump to the
	addq.b	#1,0x3C(%a0)		| routine (EMU_DRIVER_JMP)
	move.b	0x3C(%a0),%d0
	cmp.b	0x1C(%a0),%d0
	bne.s	1f
	jmp	(0x00800032).l
1:	rts
	.org	0x740
driver_mid_on_frame:			| jump into the middle of the driver
	addq.b	#1,0x3C(%a0)
	move.b	0x3C(%a0),%d0
	cmp.b	0x1C(%a0),%d0
	bne.s	1f
	jmp	(0x00800010).l
1:	rts

| Loops of 60,000 and 110,000 iterations of two instruction words: within
| the per-frame budget of 200,000 words, and beyond it.
	.org	0x780
loop_60k:
	move.l	#60000,%d1
1:	subq.l	#1,%d1
	bne.s	1b
	addq.b	#1,0x3C(%a0)
	rts
	.org	0x7A0
loop_110k:
	move.l	#110000,%d1
1:	subq.l	#1,%d1
	bne.s	1b
	rts

| What one scenario could leave behind for the next if the capture did not
| put it back: a RAM byte nothing else writes, mask 3 of the tables, the
| first cell of row 14 of chunk 6 (tile row 46).
	.org	0x7C0
leftovers:
	addq.b	#1,(0xC800).w		| jumping: that RAM byte, counting
	move.b	(0xC800).w,0x3C(%a0)
	move.b	(0x00001003).l,0x26(%a0) | angle: AngleMap[3]
	move.b	(0x00001130).l,0x1C(%a0) | anim: CollArray1[3 * 16]
	move.b	(0x00002130).l,0x24(%a0) | routine: CollArray2[3 * 16]
	move.w	(0xFFFF0BC0).l,0x14(%a0) | ground_speed: chunk 6, cell (0, 14)
	rts

| Writes the 68000 would refuse (odd addresses) and a read-modify-write:
| where their bytes land, through both RAM mappings.
	.org	0x800
odd_writes:
	move.l	#0x11223344,0x09(%a0)	| x bytes 1-3, y byte 0
	move.w	#0x5566,0x11(%a0)	| x_speed byte 1, y_speed byte 0
	lea	(0x00FFD000).l,%a1	| the object through the mirror
	move.w	#0x7788,0x15(%a1)	| ground_speed byte 1, height radius
	tas	0x1C(%a0)		| anim: bit 7 set
	addq.b	#1,0x3C(%a0)		| jumping: frames run
	rts
	.org	0x840
write_past_ram:				| a long at $FFFFFFFE: two bytes into ROM
	move.l	#0x0A0B0C0D,(0xFFFE).w
	rts

| The tables the capture overwrites, filled with $5A so that whatever the
| capture does not write shows.
	.org	0x1000
angle_map:
	.fill	0x100,1,0x5A
coll_array1:
	.fill	0x1000,1,0x5A
coll_array2:
	.fill	0x1000,1,0x5A
collindex:
	.fill	0x200,1,0x5A

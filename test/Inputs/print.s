# print.s - console helpers for the execution tests in test/sim and test/ld.
#
# Assembled and linked next to a test program:
#   accel-as %S/../Inputs/print.s -o %t.print.o
#   %link %t.o %t.print.o -o %t.elf
#
# Calling convention (the ABI crt0 uses): arguments and results in r1..r8,
# r30 the stack pointer (16-byte aligned, grows down), r31 the link register,
# r16..r27 callee-saved. These helpers clobber r1..r9 only and write through
# the runtime's write() (sys 1) to stdout.

  .text

# void print_str(const char *s): writes the NUL-terminated string s.
  .globl print_str
  .type print_str, @function
print_str:
  addi r3, r1, 0
.Lps_scan:
  ld.u8 r4, 0(r3)
  beq r4, r0, .Lps_write
  addi r3, r3, 1
  jmp .Lps_scan
.Lps_write:
  { sub r3, r3, r1 ; addi r2, r1, 0 }
  li r1, 1
  jmp write                     # tail call: write returns to our caller

# void print_nl(void): writes "\n".
  .globl print_nl
  .type print_nl, @function
print_nl:
  { li r1, 1 ; li r2, .Lnl }
  li r3, 1
  jmp write

# void print_dec(long v): writes v as a signed decimal number.
  .globl print_dec
  .type print_dec, @function
print_dec:
  addi r30, r30, -32            # 32-byte digit buffer, filled from the end
  { addi r2, r30, 32 ; addi r5, r1, 0 }
  li r6, 0                      # r6 = 1 if negative
  bge r5, r0, .Lpd_digits
  { sub r5, r0, r5 ; li r6, 1 } # INT64_MIN stays 2^63 as unsigned: fine
.Lpd_digits:
  li r7, 10
.Lpd_loop:
  remu r8, r5, r7
  divu r5, r5, r7
  { addi r8, r8, 48 ; addi r2, r2, -1 }
  st.i8 r8, 0(r2)
  bne r5, r0, .Lpd_loop
  beq r6, r0, .Lpd_write
  { li r8, 45 ; addi r2, r2, -1 } # '-'
  st.i8 r8, 0(r2)
.Lpd_write:
  { li r1, 1 ; addi r3, r30, 32 }
  sub r3, r3, r2
  sys 1
  addi r30, r30, 32
  ret

# void print_hex(unsigned long v): writes v as 0x followed by 16 hex digits.
  .globl print_hex
  .type print_hex, @function
print_hex:
  addi r30, r30, -32
  li r3, 0x7830                 # "0x", little-endian
  st.i16 r3, 0(r30)
  { li r4, 60 ; addi r5, r30, 2 } # r4 = shift, r5 = cursor
.Lph_loop:
  srl r6, r1, r4
  andi r6, r6, 15
  { slti r7, r6, 10 ; addi r8, r6, 48 }
  addi r9, r6, 87               # 'a' - 10
  sel r6, r7, r8, r9
  st.i8 r6, 0(r5)
  { addi r5, r5, 1 ; addi r4, r4, -4 }
  bge r4, r0, .Lph_loop
  { li r1, 1 ; addi r2, r30, 0 }
  li r3, 18
  sys 1
  addi r30, r30, 32
  ret

# int check_eq(const char *label, long got, long expected): writes
# "<label>: ok" or "<label>: FAIL got 0x... expected 0x...", then a newline.
# Returns 0 if got == expected, else 1.
  .globl check_eq
  .type check_eq, @function
check_eq:
  addi r30, r30, -32
  st.i64 r31, 24(r30)
  st.i64 r16, 16(r30)
  st.i64 r17, 8(r30)
  st.i64 r18, 0(r30)
  { addi r16, r2, 0 ; addi r17, r3, 0 }
  call print_str                # the label
  li r18, 0
  beq r16, r17, .Lce_ok
  li r18, 1
  li r1, .Lfail_got
  call print_str
  addi r1, r16, 0
  call print_hex
  li r1, .Lfail_expected
  call print_str
  addi r1, r17, 0
  call print_hex
  jmp .Lce_done
.Lce_ok:
  li r1, .Lok
  call print_str
.Lce_done:
  call print_nl
  addi r1, r18, 0
  ld.i64 r31, 24(r30)
  ld.i64 r16, 16(r30)
  ld.i64 r17, 8(r30)
  ld.i64 r18, 0(r30)
  addi r30, r30, 32
  ret

  .section .rodata.print,"a"
.Lnl:            .asciz "\n"
.Lok:            .asciz ": ok"
.Lfail_got:      .asciz ": FAIL got "
.Lfail_expected: .asciz " expected "

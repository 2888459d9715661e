# A complete program: crt0 passes argc/argv, main writes to the console
# through the runtime's write(), and main's return value is the exit status.
# RUN: accel-as %s -o %t.o
# RUN: %link %t.o -o %t.elf
# RUN: %expect-exit 3 %sim %t.elf one two > %t.out
# RUN: FileCheck %s < %t.out

# CHECK: hello from accel
# CHECK-NEXT: {{^}}one{{$}}

  .text
  .globl main
main:
  { addi r30, r30, -16 ; addi r20, r1, 0 }    # r20 = argc
  st.i64 r31, 8(r30)
  st.i64 r20, 0(r30)
  ld.i64 r21, 8(r2)                           # argv[1]
  { li r1, 1 ; li r2, msg }
  li r3, 17
  call write
  # write(1, argv[1], 3) and a newline
  { li r1, 1 ; addi r2, r21, 0 }
  li r3, 3
  call write
  { li r1, 1 ; li r2, nl }
  li r3, 1
  call write
  ld.i64 r1, 0(r30)                            # return argc (3)
  ld.i64 r31, 8(r30)
  addi r30, r30, 16
  ret

  .rodata
msg: .ascii "hello from accel\n"
nl:  .ascii "\n"

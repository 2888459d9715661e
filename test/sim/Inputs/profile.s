# Input of profile.test: main calls count (one bundle a loop iteration,
# no stalls) and divide (a divide whose result is used by the next bundle).
  .text
  .globl main
  .type main,@function
main:
  { addi r16, r31, 0 ; li r1, 100 }
  call count
  li r1, 10
  call divide
  { addi r31, r16, 0 ; li r1, 0 }
  ret

  .type count,@function
count:
  { addi r1, r1, -1 ; bne r1, r0, count }
  ret

  .type divide,@function
divide:
  li r3, 1
.Lloop:
  div r2, r3, r3
  { add r4, r2, r2 ; addi r1, r1, -1 }
  bne r1, r0, .Lloop
  ret

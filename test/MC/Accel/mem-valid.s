# Scalar loads and stores (group 3, GrpMem). Loads use the I format
# (A = rd, B = base, imm32 = byte offset), stores the S format (B = base,
# C = value register, imm32 = byte offset, A = 0). The offset is a simm32;
# "(rN)" with no offset means offset 0 and prints as "0(rN)".
# Expected encodings are computed from AccelInstrFormats.td (see int-valid.s).
#
# RUN: accel-as --show-encoding %s \
# RUN:   | FileCheck --check-prefixes=CHECK-ASM,CHECK-ENC %s
# RUN: accel-as %s -o %t.o
# RUN: accel-objdump -d %t.o | FileCheck --check-prefix=CHECK-OBJ %s

# CHECK-OBJ: Disassembly of section .text:

# Loads, func 0..6.
# CHECK-ASM: ld.i8 r1, 0(r2)
# CHECK-ENC-SAME: # encoding: [0x00,0x00,0x00,0x00,0x00,0x10,0x01,0x98]
# CHECK-OBJ-NEXT: 0: 9801100000000000 ld.i8 r1, 0(r2)
ld.i8 r1, 0(r2)
# CHECK-ASM: ld.i8 r3, 0(r4)
# CHECK-ENC-SAME: # encoding: [0x00,0x00,0x00,0x00,0x00,0x20,0x03,0x98]
# CHECK-OBJ-NEXT: 8: 9803200000000000 ld.i8 r3, 0(r4)
ld.i8 r3, (r4)
# CHECK-ASM: ld.u8 r5, -1(r6)
# CHECK-ENC-SAME: # encoding: [0xff,0xff,0xff,0xff,0x00,0x30,0x25,0x98]
# CHECK-OBJ-NEXT: 10: 98253000ffffffff ld.u8 r5, -1(r6)
ld.u8 r5, -1(r6)
# CHECK-ASM: ld.u8 r7, 1(r8)
# CHECK-ENC-SAME: # encoding: [0x01,0x00,0x00,0x00,0x00,0x40,0x27,0x98]
# CHECK-OBJ-NEXT: 18: 9827400000000001 ld.u8 r7, 1(r8)
ld.u8 r7, 1(r8)
# CHECK-ASM: ld.i16 r9, -2(r10)
# CHECK-ENC-SAME: # encoding: [0xfe,0xff,0xff,0xff,0x00,0x50,0x49,0x98]
# CHECK-OBJ-NEXT: 20: 98495000fffffffe ld.i16 r9, -2(r10)
ld.i16 r9, -2(r10)
# CHECK-ASM: ld.i16 r11, 0(r12)
# CHECK-ENC-SAME: # encoding: [0x00,0x00,0x00,0x00,0x00,0x60,0x4b,0x98]
# CHECK-OBJ-NEXT: 28: 984b600000000000 ld.i16 r11, 0(r12)
ld.i16 r11, ( r12 )
# CHECK-ASM: ld.u16 r13, 2(r14)
# CHECK-ENC-SAME: # encoding: [0x02,0x00,0x00,0x00,0x00,0x70,0x6d,0x98]
# CHECK-OBJ-NEXT: 30: 986d700000000002 ld.u16 r13, 2(r14)
ld.u16 r13, 2(r14)
# CHECK-ASM: ld.i32 r15, -4(r16)
# CHECK-ENC-SAME: # encoding: [0xfc,0xff,0xff,0xff,0x00,0x80,0x8f,0x98]
# CHECK-OBJ-NEXT: 38: 988f8000fffffffc ld.i32 r15, -4(r16)
ld.i32 r15, -4(r16)
# CHECK-ASM: ld.i32 r31, 2147483647(r31)
# CHECK-ENC-SAME: # encoding: [0xff,0xff,0xff,0x7f,0x00,0xf8,0x9f,0x98]
# CHECK-OBJ-NEXT: 40: 989ff8007fffffff ld.i32 r31, 2147483647(r31)
ld.i32 r31, 2147483647(r31)
# CHECK-ASM: ld.u32 r17, 4(r18)
# CHECK-ENC-SAME: # encoding: [0x04,0x00,0x00,0x00,0x00,0x90,0xb1,0x98]
# CHECK-OBJ-NEXT: 48: 98b1900000000004 ld.u32 r17, 4(r18)
ld.u32 r17, 4(r18)
# CHECK-ASM: ld.u32 r0, -2147483648(r0)
# CHECK-ENC-SAME: # encoding: [0x00,0x00,0x00,0x80,0x00,0x00,0xa0,0x98]
# CHECK-OBJ-NEXT: 50: 98a0000080000000 ld.u32 r0, -2147483648(r0)
ld.u32 r0, -2147483648(r0)
# CHECK-ASM: ld.i64 r19, -8(r20)
# CHECK-ENC-SAME: # encoding: [0xf8,0xff,0xff,0xff,0x00,0xa0,0xd3,0x98]
# CHECK-OBJ-NEXT: 58: 98d3a000fffffff8 ld.i64 r19, -8(r20)
ld.i64 r19, -8(r20)
# CHECK-ASM: ld.i64 r21, 1048576(r0)
# CHECK-ENC-SAME: # encoding: [0x00,0x00,0x10,0x00,0x00,0x00,0xd5,0x98]
# CHECK-OBJ-NEXT: 60: 98d5000000100000 ld.i64 r21, 1048576(r0)
ld.i64 r21, 0x100000(r0)
# CHECK-ASM: ld.i64 r22, 0(r23)
# CHECK-ENC-SAME: # encoding: [0x00,0x00,0x00,0x00,0x00,0xb8,0xd6,0x98]
# CHECK-OBJ-NEXT: 68: 98d6b80000000000 ld.i64 r22, 0(r23)
ld.i64 r22, (r23)

# Stores, func 16..19: the value register goes in C, the base in B.
# CHECK-ASM: st.i8 r1, 0(r2)
# CHECK-ENC-SAME: # encoding: [0x00,0x00,0x00,0x00,0x40,0x10,0x00,0x9a]
# CHECK-OBJ-NEXT: 70: 9a00104000000000 st.i8 r1, 0(r2)
st.i8 r1, 0(r2)
# CHECK-ASM: st.i8 r3, 0(r4)
# CHECK-ENC-SAME: # encoding: [0x00,0x00,0x00,0x00,0xc0,0x20,0x00,0x9a]
# CHECK-OBJ-NEXT: 78: 9a0020c000000000 st.i8 r3, 0(r4)
st.i8 r3, (r4)
# CHECK-ASM: st.i8 r31, -1(r0)
# CHECK-ENC-SAME: # encoding: [0xff,0xff,0xff,0xff,0xc0,0x07,0x00,0x9a]
# CHECK-OBJ-NEXT: 80: 9a0007c0ffffffff st.i8 r31, -1(r0)
st.i8 r31, -1(r0)
# CHECK-ASM: st.i16 r5, -2(r6)
# CHECK-ENC-SAME: # encoding: [0xfe,0xff,0xff,0xff,0x40,0x31,0x20,0x9a]
# CHECK-OBJ-NEXT: 88: 9a203140fffffffe st.i16 r5, -2(r6)
st.i16 r5, -2(r6)
# CHECK-ASM: st.i16 r0, 2147483647(r31)
# CHECK-ENC-SAME: # encoding: [0xff,0xff,0xff,0x7f,0x00,0xf8,0x20,0x9a]
# CHECK-OBJ-NEXT: 90: 9a20f8007fffffff st.i16 r0, 2147483647(r31)
st.i16 r0, 2147483647(r31)
# CHECK-ASM: st.i32 r7, -4(r8)
# CHECK-ENC-SAME: # encoding: [0xfc,0xff,0xff,0xff,0xc0,0x41,0x40,0x9a]
# CHECK-OBJ-NEXT: 98: 9a4041c0fffffffc st.i32 r7, -4(r8)
st.i32 r7, -4(r8)
# CHECK-ASM: st.i32 r9, 64(r10)
# CHECK-ENC-SAME: # encoding: [0x40,0x00,0x00,0x00,0x40,0x52,0x40,0x9a]
# CHECK-OBJ-NEXT: a0: 9a40524000000040 st.i32 r9, 64(r10)
st.i32 r9, 64(r10)
# CHECK-ASM: st.i64 r11, -8(r12)
# CHECK-ENC-SAME: # encoding: [0xf8,0xff,0xff,0xff,0xc0,0x62,0x60,0x9a]
# CHECK-OBJ-NEXT: a8: 9a6062c0fffffff8 st.i64 r11, -8(r12)
st.i64 r11, -8(r12)
# CHECK-ASM: st.i64 r13, -2147483648(r14)
# CHECK-ENC-SAME: # encoding: [0x00,0x00,0x00,0x80,0x40,0x73,0x60,0x9a]
# CHECK-OBJ-NEXT: b0: 9a60734080000000 st.i64 r13, -2147483648(r14)
st.i64 r13, -2147483648(r14)
# CHECK-ASM: st.i64 r15, 0(r16)
# CHECK-ENC-SAME: # encoding: [0x00,0x00,0x00,0x00,0xc0,0x83,0x60,0x9a]
# CHECK-OBJ-NEXT: b8: 9a6083c000000000 st.i64 r15, 0(r16)
st.i64 r15, (r16)

# One memory access per bundle (the LSU) next to ALU work.
# CHECK-ASM: { ld.i64 r1, 16(r2) ; add r3, r4, r5 }
# CHECK-ENC-SAME: # encoding: [0x10,0x00,0x00,0x00,0x00,0x10,0xc1,0x18,0x00,0x00,0x00,0x00,0x40,0x21,0x03,0x80]
# CHECK-OBJ-NEXT: c0: 18c1100000000010 { ld.i64 r1, 16(r2)
# CHECK-OBJ-NEXT: c8: 8003214000000000 add r3, r4, r5 }
{ ld.i64 r1, 16(r2) ; add r3, r4, r5 }
# CHECK-ASM: { addi r6, r6, 8 ; st.i32 r7, -4(r6) }
# CHECK-ENC-SAME: # encoding: [0x08,0x00,0x00,0x00,0x00,0x30,0x06,0x10,0xfc,0xff,0xff,0xff,0xc0,0x31,0x40,0x9a]
# CHECK-OBJ-NEXT: d0: 1006300000000008 { addi r6, r6, 8
# CHECK-OBJ-NEXT: d8: 9a4031c0fffffffc st.i32 r7, -4(r6) }
{ addi r6, r6, 8 ; st.i32 r7, -4(r6) }

//===-- AccelCallingConv.td - Accel calling convention -----*- tablegen -*-===//
//
// docs/abi.md: scalar arguments in r1..r8, vectors in v1..v8, the rest in
// 8-byte stack slots (vectors 64-byte aligned); results in r1 (r2) and v1.
// Variadic arguments always go on the stack (AccelISelLowering).
//
//===----------------------------------------------------------------------===//

def CC_Accel : CallingConv<[
  CCIfType<[i1, i8, i16, i32], CCPromoteToType<i64>>,
  CCIfType<[i64, f64, f32], CCAssignToReg<[R1, R2, R3, R4, R5, R6, R7, R8]>>,
  CCIfType<[v16f32, v16i32], CCAssignToReg<[V1, V2, V3, V4, V5, V6, V7, V8]>>,
  CCIfType<[i64, f64, f32], CCAssignToStack<8, 8>>,
  CCIfType<[v16f32, v16i32], CCAssignToStack<64, 64>>
]>;

// Arguments past the named ones of a variadic call.
def CC_Accel_VarArg : CallingConv<[
  CCIfType<[i1, i8, i16, i32], CCPromoteToType<i64>>,
  CCIfType<[i64, f64, f32], CCAssignToStack<8, 8>>,
  CCIfType<[v16f32, v16i32], CCAssignToStack<64, 64>>
]>;

def RetCC_Accel : CallingConv<[
  CCIfType<[i1, i8, i16, i32], CCPromoteToType<i64>>,
  CCIfType<[i64, f64, f32], CCAssignToReg<[R1, R2]>>,
  CCIfType<[v16f32, v16i32], CCAssignToReg<[V1, V2]>>
]>;

// r16..r27 and the frame pointer r29 survive calls. The return address is
// not a special case: it arrives in r31 and is kept in a virtual register
// (AccelISelLowering), which the allocator saves across calls like any value.
def CSR_Accel : CalleeSavedRegs<(add R29, (sequence "R%u", 16, 27))>;

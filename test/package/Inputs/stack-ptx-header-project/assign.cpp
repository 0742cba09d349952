// The same program through the C++ header's constexpr encoders.
#include <stack_ptx.h>
#include <u32_ops.hpp>

#include <cstdio>
#include <vector>

int main() {
  static const StackPtxCompilerInfo info = {100, 20, 128, 4, 16};
  const StackPtxRegister registers[] = {
      {"x", static_cast<StackPtxStackIdx>(stack_ptx::StackType::U32)},
      {"y", static_cast<StackPtxStackIdx>(stack_ptx::StackType::F32)}};
  const size_t requests[] = {1};
  constexpr StackPtxInstruction seven = stack_ptx::encode_constant_u32(7);
  std::vector<StackPtxInstruction> prog;
  prog.push_back(stack_ptx::encode_special_register_tid_x);
  prog.push_back(seven);
  prog.push_back(stack_ptx::encode_ptx_instruction_add_u32);
  prog.push_back(stack_ptx::encode_input(0));
  prog.push_back(stack_ptx::encode_ptx_instruction_xor_u32);
  prog.push_back(stack_ptx::encode_ptx_instruction_cvt_rn_f32_u32);
  prog.push_back(stack_ptx::encode_return);
  size_t workspace_size = 0, length = 0;
  if (stack_ptx_compile_workspace_size(&info, &stack_ptx::stack_info, &workspace_size) !=
      STACK_PTX_SUCCESS)
    return 1;
  std::vector<unsigned char> workspace(workspace_size);
  char stub[4096];
  StackPtxResult r = stack_ptx_compile(&info, &stack_ptx::stack_info, prog.data(), registers, 2,
                                       nullptr, 0, requests, 1, 100, workspace.data(),
                                       workspace_size, stub, sizeof stub, &length);
  std::printf("C++: %s\n%s\n", stack_ptx_result_to_string(r), stub);
  return r == STACK_PTX_SUCCESS ? 0 : 1;
}

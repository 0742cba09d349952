#!/usr/bin/env python3
"""Prints the numbered macro tables at the end of
runtime/include/ptx_inject_typed_sites.h (operand count, increment, the
per-operand walks), so their limit (MAX operands per site) can change in one
place. Paste the output over the tables in that header."""
MAX = 64
out = []
out.append("/* Operand count, 1..%d: the number of arguments. */" % MAX)
args = ", ".join("_%d" % i for i in range(1, MAX + 1))
nums = ", ".join(str(i) for i in range(MAX, 0, -1))
out.append("#define __PTX_INJECT_COUNT(...) \\\n  __PTX_INJECT_COUNT_I(__VA_ARGS__, %s, )" % nums)
out.append("#define __PTX_INJECT_COUNT_I(%s, N, ...) N" % args)
out.append("")
out.append("/* K -> K + 1, for numbering the stable registers. */")
for i in range(MAX):
    out.append("#define __PTX_INJECT_INC_%d %d" % (i, i + 1))
out.append("")
out.append("/* EACH_N(F, ~, a1, ..., aN): F a1 F a2 ... F aN; every a is a parenthesized")
out.append(" * operand, so F a is a call. The leading ~ lets a computed list start with a")
out.append(" * comma. */")
out.append("#define __PTX_INJECT_EACH_1(F, _, a) F a")
for n in range(2, MAX + 1):
    out.append("#define __PTX_INJECT_EACH_%d(F, _, a, ...) F a __PTX_INJECT_EACH_%d(F, _, __VA_ARGS__)" % (n, n - 1))
out.append("")
out.append("/* NUMBER_N(K, ~, a1, ..., aN): , (K, TYPED a1), (K+1, TYPED a2), ... */")
out.append("#define __PTX_INJECT_NUMBER_1(K, _, a) , (K, __PTX_INJECT_TYPED a)")
for n in range(2, MAX + 1):
    out.append("#define __PTX_INJECT_NUMBER_%d(K, _, a, ...) , (K, __PTX_INJECT_TYPED a) \\\n  __PTX_INJECT_NUMBER_%d(__PTX_INJECT_INC(K), _, __VA_ARGS__)" % (n, n - 1))
print("\n".join(out))

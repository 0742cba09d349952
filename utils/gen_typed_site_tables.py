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
out.append(" * operand, so F a is a call. Flat, not recursive: each operand is passed")
out.append(" * once, not once per remaining step. The leading ~ lets a computed list")
out.append(" * start with a comma. */")
for n in range(1, MAX + 1):
    params = ",".join("a%d" % i for i in range(1, n + 1))
    body = " ".join("F a%d" % i for i in range(1, n + 1))
    out.append("#define __PTX_INJECT_EACH_%d(F,_,%s) %s" % (n, params, body))
out.append("")
out.append("/* NUMBER_N(K, ~, a1, ..., aN): , ITEM(K, a1), ITEM(K+1, a2), ... */")
out.append("#define __PTX_INJECT_NUMBER_1(K, _, a) , __PTX_INJECT_ITEM(K, a)")
for n in range(2, MAX + 1):
    out.append("#define __PTX_INJECT_NUMBER_%d(K, _, a, ...) , __PTX_INJECT_ITEM(K, a) \\\n  __PTX_INJECT_NUMBER_%d(__PTX_INJECT_INC(K), _, __VA_ARGS__)" % (n, n - 1))
print("\n".join(out))

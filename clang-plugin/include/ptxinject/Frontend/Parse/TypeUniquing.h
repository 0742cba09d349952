//===- TypeUniquing.h - Type uniquing sets sized -------------- -*- C++ -*-===//
//
// ASTContext keeps one type object per distinct type, found through hash
// sets (llvm::FoldingSet) that start at 512 to 4096 buckets and double as
// they fill. A CuTe kernel makes far more: typing the sites of the CuTe GEMM
// creates about 81,000 elaborated types, 37,000 reference types and 32,000
// function types, most of them read back from the precompiled headers. The
// sets then rehash every node each time they double, and run at up to two
// nodes per bucket; a lookup compares a key against each node of its bucket
// by recomputing that node's profile, which for a template type walks all
// its arguments. Together about 9 % of a warm rewrite of the semiring
// kernel (utils/bench/frontend-real).
//
// Reserving the large sets up front, before the precompiled headers are
// read, removes the rehashing and keeps buckets short. The buckets are
// zeroed pages the kernel maps on first touch, so a small input pays for
// few of them.
//
//===----------------------------------------------------------------------===//
#ifndef PTXINJECT_FRONTEND_TYPEUNIQUING_H
#define PTXINJECT_FRONTEND_TYPEUNIQUING_H

#include <string>
#include <utility>
#include <vector>

namespace clang {
class ASTContext;
}

namespace ptxinject {
namespace frontend {

/// Sizes Ctx's large type uniquing sets for a template-heavy kernel. Call
/// before parsing (a FrontendAction's CreateASTConsumer); later is correct,
/// only slower.
void reserveTypeUniquingSets(clang::ASTContext &Ctx);

/// Each set reserveTypeUniquingSets sizes, with the nodes it can hold before
/// it next grows.
std::vector<std::pair<std::string, unsigned>>
typeUniquingSetCapacities(clang::ASTContext &Ctx);

} // namespace frontend
} // namespace ptxinject

#endif

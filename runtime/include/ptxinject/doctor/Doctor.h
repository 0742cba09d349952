//===- Doctor.h - What this machine has for PTX Inject ----------*- C++ -*-===//
//
// `ptxinject doctor` and ptxinject.doctor(): the toolkit, each back end and
// where it comes from, NVRTC, the Clang front end, the caches and the GPU,
// each with the command that adds it when it is missing. A user's first
// stop when something does not work.
//
//===----------------------------------------------------------------------===//
#ifndef PTXINJECT_DOCTOR_DOCTOR_H
#define PTXINJECT_DOCTOR_DOCTOR_H

#include <string>
#include <vector>

namespace ptxinject::doctor {

/// One finding: what it is about, what was found (or that nothing was),
/// and, when something is missing, how to add it.
struct DoctorFinding {
  std::string Topic; ///< "toolkit", "nvjitlink", ...
  std::string Found; ///< "/usr/local/cuda (CUDA 13.0.48)", "not found"
  std::string Fix;   ///< empty when nothing is missing
  bool Missing = false;
};

/// Looks at this machine. Tool: the folder of the running program, where
/// ptxinject-rewrite is looked for (empty: PATH only).
std::vector<DoctorFinding> examineEnvironment(const std::string &ToolFolder);

/// The findings as `ptxinject doctor` prints them: "topic: found" aligned,
/// a "fix:" line under each missing piece.
std::string formatFindings(const std::vector<DoctorFinding> &Findings);

} // namespace ptxinject::doctor

#endif

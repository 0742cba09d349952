//===- VariantWorkers.cpp - The batch compiler's worker threads ----------===//
#include "VariantWorkers.h"

#include <cstdio>

bool ptxinject::variants::readSchedStat(double &Cpu, double &Wait) {
#ifdef __linux__
  std::FILE *F = std::fopen("/proc/thread-self/schedstat", "r");
  if (!F)
    return false;
  unsigned long long CpuNs = 0, WaitNs = 0;
  bool Ok = std::fscanf(F, "%llu %llu", &CpuNs, &WaitNs) == 2;
  std::fclose(F);
  Cpu = CpuNs * 1e-9;
  Wait = WaitNs * 1e-9;
  return Ok;
#else
  (void)Cpu;
  (void)Wait;
  return false;
#endif
}

//===- BenchSupport.h - Timers, file reads and statistics of the benches -===//
//
// What every program of utils/bench measures with: wall and CPU clocks, the
// fastest-batch timer, whole-file reads that stop the program with a
// message, and the medians the reports compare. Header only: each benchmark
// is one program, and these are a few lines each.
//
//===----------------------------------------------------------------------===//
#ifndef PTXINJECT_UTILS_BENCH_BENCHSUPPORT_H
#define PTXINJECT_UTILS_BENCH_BENCHSUPPORT_H

#include "ptxinject/support/File.h"

#include <algorithm>
#include <chrono>
#include <cstdio>
#include <cstdlib>
#include <string>
#include <vector>

#include <sys/resource.h>

namespace ptxinject {
namespace bench {

using Clock = std::chrono::steady_clock;

/// Wall seconds from T to now.
inline double secondsSince(Clock::time_point T) {
  return std::chrono::duration<double>(Clock::now() - T).count();
}

/// CPU seconds (user + system) of this process and its finished children
/// (ptxas and nvcc run as children). On a busy machine wall time includes
/// waiting for a core; CPU time does not, so the reports give both.
inline double cpuSeconds() {
  double Sum = 0;
  for (int Who : {RUSAGE_SELF, RUSAGE_CHILDREN}) {
    rusage U;
    getrusage(Who, &U);
    Sum += U.ru_utime.tv_sec + U.ru_stime.tv_sec +
           1e-6 * (U.ru_utime.tv_usec + U.ru_stime.tv_usec);
  }
  return Sum;
}

/// Seconds per call of Fn: the fastest of Batches batches, each of as many
/// calls as take at least BatchSeconds (doubling from one). Short batches
/// often fit between two preemptions on a loaded machine, and the minimum
/// is the figure least disturbed by other work.
template <class F>
double secondsPerCall(F &&Fn, double BatchSeconds, int Batches) {
  size_t Reps = 1;
  for (;;) {
    Clock::time_point T = Clock::now();
    for (size_t I = 0; I < Reps; ++I)
      Fn();
    if (secondsSince(T) > BatchSeconds || Reps > (size_t(1) << 26))
      break;
    Reps *= 2;
  }
  double Best = 1e30;
  for (int B = 0; B < Batches; ++B) {
    Clock::time_point T = Clock::now();
    for (size_t I = 0; I < Reps; ++I)
      Fn();
    Best = std::min(Best, secondsSince(T) / Reps);
  }
  return Best;
}

/// The whole of Path; on failure says why on stderr, as Program, and exits
/// with status 2 (a benchmark has nothing to measure without its input).
inline std::string readFileOrExit(const std::string &Path,
                                  const char *Program) {
  Expected<std::string> Text = readFile(Path);
  if (!Text) {
    std::fprintf(stderr, "%s: error: %s: %s\n", Program, Path.c_str(),
                 Text.error().Message.c_str());
    std::exit(2);
  }
  return Text.take();
}

/// Stops the program, as Program, when E is a failure (a render of the
/// benchmark's own kernel that fails leaves nothing to measure).
inline void exitOnError(const Error &E, const char *Program) {
  if (E) {
    std::fprintf(stderr, "%s: error: %s\n", Program, E.Message.c_str());
    std::exit(2);
  }
}

/// The median; the mean of the middle two for an even count, 0 for none.
inline double median(std::vector<double> V) {
  if (V.empty())
    return 0;
  std::sort(V.begin(), V.end());
  size_t H = V.size() / 2;
  return V.size() % 2 ? V[H] : (V[H - 1] + V[H]) / 2;
}

/// The median, the larger of the middle two for an even count, 0 for none:
/// always one of the samples.
inline double upperMedian(std::vector<double> V) {
  std::sort(V.begin(), V.end());
  return V.empty() ? 0 : V[V.size() / 2];
}

} // namespace bench
} // namespace ptxinject

#endif // PTXINJECT_UTILS_BENCH_BENCHSUPPORT_H

//===- ProgressBar.cpp - The progress line of ptxinject variants ----------===//
#include "Variants.h"

#include <cstdio>

using namespace ptxinject;
using namespace ptxinject::tool;

std::string ptxinject::tool::progressLine(size_t Done, size_t Total,
                                          double Seconds, size_t Failed) {
  const int Width = 30;
  int Fill = Total ? static_cast<int>(Width * Done / Total) : Width;
  std::string Line =
      "[" + std::string(Fill, '=') + std::string(Width - Fill, ' ') + "] " +
      std::to_string(Done) + "/" + std::to_string(Total) + " variants";
  char Buf[96];
  if (Seconds > 0 && Done > 0) {
    double Rate = Done / Seconds;
    std::snprintf(Buf, sizeof(Buf), ", %.1f/s, %.0f s left", Rate,
                  (Total - Done) / Rate);
    Line += Buf;
  }
  Line += ", " + std::to_string(Failed) + " failed   ";
  return Line;
}

//===- DoctorBindings.cpp - ptxinject.doctor()'s findings -----------------===//
#include "Bindings.h"

#include "ptxinject/doctor/Doctor.h"

#include <nanobind/stl/string.h>

namespace nb = nanobind;
using namespace ptxinject::doctor;

namespace ptxinject {
namespace python {

void bindDoctor(nb::module_ &M) {
  M.def(
      "_doctor",
      [](const std::string &ToolFolder) {
        std::vector<DoctorFinding> Findings;
        {
          nb::gil_scoped_release Release; // it runs nvcc and ptxas
          Findings = examineEnvironment(ToolFolder);
        }
        nb::list Out;
        for (const DoctorFinding &F : Findings)
          Out.append(nb::make_tuple(F.Topic, F.Found, F.Fix));
        return Out;
      },
      "tool_folder",
      "The findings behind ptxinject.doctor() (use that): (topic, found, "
      "fix) per finding, fix empty when nothing is missing.");
}

} // namespace python
} // namespace ptxinject

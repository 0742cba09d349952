#include "Bindings.h"
namespace ptxinject { namespace python { void bindStackPtx(nanobind::module_ &) {} } }

#include "Bindings.h"
namespace ptxinject { namespace python { void bindVariants(nanobind::module_ &) {} } }

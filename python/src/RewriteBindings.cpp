#include "Bindings.h"
namespace ptxinject { namespace python { void bindRewrite(nanobind::module_ &) {} } }

# Runs the GoogleTest binaries (*Tests) through lit, so one lit run reports both kinds of test.
import lit.formats

config.name = "PtxInject-Unit"
config.test_format = lit.formats.GoogleTest(".", "Tests")
config.test_source_root = config.unit_binary_dir
config.test_exec_root = config.unit_binary_dir

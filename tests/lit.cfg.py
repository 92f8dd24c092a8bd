# lit configuration for dpc. Tests are input files with RUN/CHECK lines;
# helpers live in Inputs/ folders (not run as tests).
import os
import shutil
import lit.formats

config.name = "dpc"
config.test_format = lit.formats.ShTest(execute_external=False)
config.suffixes = [".dp", ".test"]
config.excludes = ["Inputs", "bench", "gpu", "CMakeLists.txt"]
config.test_source_root = os.path.dirname(__file__)
config.test_exec_root = os.path.join(config.dpc_obj_root, "tests")

config.substitutions.append(("%dpc", config.dpc_bin))
config.substitutions.append(("%python", config.python))
config.substitutions.append(("%cxx", config.cxx))
config.substitutions.append(("%root", config.dpc_src_root))
# dpc's build folder (`cmake --install %objroot --prefix P`: tests/docs/library.test)
config.substitutions.append(("%objroot", config.dpc_obj_root))
# The system diff (lit's built-in one has no -x to leave out build folders).
config.substitutions.append(("%sysdiff", shutil.which("diff") or "diff"))
config.substitutions.append(("FileCheck", config.filecheck))
config.substitutions.append(("%not", config.python + " " +
    os.path.join(config.dpc_src_root, "tests", "Inputs", "not.py")))

# Generated folders are built with these (CI has no GPU; nvcc is optional).
if shutil.which("nvcc") or os.path.exists("/usr/local/cuda/bin/nvcc"):
    config.available_features.add("nvcc")
config.environment["PATH"] = os.pathsep.join(
    ["/usr/local/cuda/bin", config.environment.get("PATH", os.environ.get("PATH", ""))])
# (the sanitizer run of scripts/sanitize.sh sets ASAN_OPTIONS, UBSAN_OPTIONS)
for var in ["HOME", "TMPDIR", "ASAN_OPTIONS", "UBSAN_OPTIONS"]:
    if var in os.environ:
        config.environment[var] = os.environ[var]

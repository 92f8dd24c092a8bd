# dpcFunctions.cmake: dpc_add_recurrence, part of dpc's CMake package
# (dpcConfig.cmake; docs/library.md).
#
#   dpc_add_recurrence(TARGET FILE.dp [BACKEND openmp|cuda])
#
# Compiles the recurrence FILE.dp (relative to the calling CMakeLists.txt)
# with dpc into a generated folder, ${CMAKE_CURRENT_BINARY_DIR}/dpc/TARGET,
# builds that folder's library NAME_lib (NAME: the recurrence's name; not its
# program) and makes TARGET a library to link against: linking TARGET links
# NAME_lib and puts the folder on the include path, so that the program can
# #include "NAME_api.h" (the API: docs/library.md, or the folder's README).
#
# BACKEND openmp (the default): the CPU backends (OpenMP and serial).
# BACKEND cuda: the CUDA backend too. nvcc must be found, and the calling
# project must enable CUDA itself (project(... LANGUAGES CXX CUDA) or
# enable_language(CUDA)) before it calls dpc_add_recurrence: programs that
# link the library link CUDA code. Set CMAKE_CUDA_ARCHITECTURES for your GPU
# (90, the H100, is the generated folder's default only when it is unset).
#
# How it regenerates. The folder is generated while CMake configures the
# project (execute_process), and read with add_subdirectory, because the
# folder's own CMakeLists.txt defines its targets (sources, flags, the CUDA
# backend) and CMake must read it before the build; nothing of it is
# written twice. The .dp file and the dpc binary are CMAKE_CONFIGURE_DEPENDS
# of the calling directory: when either changes, the next build re-runs the
# configure step, which regenerates the folder (dpc rewrites only the files
# whose text changed, so only those recompile), and then builds. (The
# alternatives were worse: add_custom_command would regenerate at build
# time, but the generated folder's targets would have to be repeated here;
# ExternalProject builds a separate project whose library the user's
# targets cannot link as a target.)
#
# Two calls in one project must compile recurrences of different names (the
# folder's targets are NAME_lib), and TARGET must not be NAME_lib.
function(dpc_add_recurrence TARGET DP)
  cmake_parse_arguments(PARSE_ARGV 2 ARG "" "BACKEND" "")
  if(ARG_UNPARSED_ARGUMENTS)
    message(FATAL_ERROR "dpc_add_recurrence(${TARGET}): unknown arguments "
                        "'${ARG_UNPARSED_ARGUMENTS}' (usage: dpc_add_recurrence("
                        "TARGET FILE.dp [BACKEND openmp|cuda]))")
  endif()
  if(NOT ARG_BACKEND)
    set(ARG_BACKEND openmp)
  endif()
  if(NOT ARG_BACKEND MATCHES "^(openmp|cuda)$")
    message(FATAL_ERROR "dpc_add_recurrence(${TARGET}): BACKEND is openmp or "
                        "cuda, not '${ARG_BACKEND}'")
  endif()
  if(TARGET ${TARGET})
    message(FATAL_ERROR "dpc_add_recurrence(${TARGET}): a target '${TARGET}' "
                        "exists already")
  endif()
  get_filename_component(dp "${DP}" ABSOLUTE BASE_DIR "${CMAKE_CURRENT_SOURCE_DIR}")
  if(NOT EXISTS "${dp}")
    message(FATAL_ERROR "dpc_add_recurrence(${TARGET}): no file '${dp}'")
  endif()
  if(ARG_BACKEND STREQUAL "cuda")
    get_property(languages GLOBAL PROPERTY ENABLED_LANGUAGES)
    if(NOT "CUDA" IN_LIST languages)
      message(FATAL_ERROR "dpc_add_recurrence(${TARGET} ... BACKEND cuda): "
                          "enable CUDA in the project first (project(... "
                          "LANGUAGES CXX CUDA) or enable_language(CUDA)): "
                          "programs linking the library link CUDA code")
    endif()
  endif()

  # Generate (or regenerate) the folder, and again when the .dp file or dpc
  # changes (see above).
  set(dir "${CMAKE_CURRENT_BINARY_DIR}/dpc/${TARGET}")
  execute_process(COMMAND "${DPC_EXECUTABLE}" compile "${dp}" -o "${dir}"
                  RESULT_VARIABLE status OUTPUT_VARIABLE out ERROR_VARIABLE err)
  if(NOT status EQUAL 0)
    message(FATAL_ERROR "dpc_add_recurrence(${TARGET}): dpc compile ${dp} "
                        "failed:\n${err}${out}")
  endif()
  set_property(DIRECTORY APPEND PROPERTY CMAKE_CONFIGURE_DEPENDS
               "${dp}" "${DPC_EXECUTABLE}")

  # The recurrence's name: the folder's NAME_api.cpp.
  file(GLOB api "${dir}/*_api.cpp")
  list(LENGTH api count)
  if(NOT count EQUAL 1)
    message(FATAL_ERROR "dpc_add_recurrence(${TARGET}): '${dir}' is not a "
                        "folder that this dpc generated (no NAME_api.cpp)")
  endif()
  get_filename_component(name "${api}" NAME)
  string(REGEX REPLACE "_api\\.cpp$" "" name "${name}")
  if(TARGET ${name}_lib OR "${TARGET}" STREQUAL "${name}_lib")
    message(FATAL_ERROR "dpc_add_recurrence(${TARGET}): the target "
                        "${name}_lib (recurrence ${name}) exists already, or "
                        "is TARGET; one recurrence of a name per project")
  endif()

  # The folder's library only, with the backends asked for (these variables
  # set the folder's options of the same names).
  set(DPC_BUILD_PROGRAM OFF)
  if(ARG_BACKEND STREQUAL "cuda")
    set(DPC_ENABLE_CUDA ON)
  else()
    set(DPC_ENABLE_CUDA OFF)
  endif()
  add_subdirectory("${dir}" "${dir}/build" EXCLUDE_FROM_ALL)
  # The folder lies in the build tree, where CMake's Makefile generator (seen
  # with 3.25) writes the header dependencies the compiler reports with
  # paths its rules do not match: a regenerated header would recompile
  # nothing. So every source of the library depends on the folder's headers
  # explicitly (they are regenerated together anyway).
  file(GLOB headers "${dir}/*.h" "${dir}/runtime/*.h")
  get_target_property(sources ${name}_lib SOURCES)
  list(TRANSFORM sources PREPEND "${dir}/")
  set_source_files_properties(${sources} DIRECTORY "${dir}"
                              PROPERTIES OBJECT_DEPENDS "${headers}")
  if(ARG_BACKEND STREQUAL "cuda")
    if(NOT "${dir}/${name}_cuda.cu" IN_LIST sources)
      message(FATAL_ERROR "dpc_add_recurrence(${TARGET} ... BACKEND cuda): "
                          "nvcc was not found")
    endif()
  endif()

  add_library(${TARGET} INTERFACE)
  target_link_libraries(${TARGET} INTERFACE ${name}_lib)
endfunction()

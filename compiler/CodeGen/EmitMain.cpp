//===- EmitMain.cpp - NAME_host.h, NAME_main.cpp, CMakeLists.txt, README --===//
#include "CodeGen/Emitters.h"
#include "CodeGen/EmitUtil.h"

#include <algorithm>

using namespace dpc;
using namespace dpc::lir;

static const char *rtAlpha(Alphabet A) {
  switch (A) {
  case Alphabet::RNA: return "dpc_rt::Alpha::RNA";
  case Alphabet::DNA: return "dpc_rt::Alpha::DNA";
  case Alphabet::Protein: return "dpc_rt::Alpha::Protein";
  case Alphabet::Int: return "dpc_rt::Alpha::Int";
  }
  return "?";
}


std::string dpc::emitHostHeader(const Program &P) {
  const ModuleInfo &M = P.M;
  const std::string &N = M.Name;
  CodeWriter H;
  H.text(fileBanner(P, N + "_host.h: host-side data and the functions of the "
                        "generated program."));
  H.text("#pragma once");
  H.blank();
  H.text("#include \"" + N + ".h\"");
  H.text("#include \"dpc_driver.h\"");
  H.blank();
  H.text("#include <cstdio>");
  H.text("#include <string>");
  H.text("#include <vector>");
  H.blank();
  H.open("namespace " + N);
  H.open("struct HostInputs");
  std::string View;
  for (auto &I : M.Inputs) {
    H.line("std::vector<{}> {};", I.Alpha == Alphabet::Int ? "int64_t" : "int8_t",
           I.Name);
    View += (View.empty() ? "" : ", ") + I.Name + ".data()";
  }
  H.line("Inputs view() const {{ return Inputs{{{}}}; }}", View);
  H.close("};");
  for (bool Ref : {false, true}) {
    std::string S = Ref ? "HostRefTables" : "HostTables";
    H.open("struct " + S);
    std::string Init, V;
    for (size_t T = 0; T < M.Tables.size(); ++T) {
      if (!Ref && P.Storages[T].HostTable >= 0)
        continue;
      const std::string &TN = M.Tables[T].Name;
      H.line("std::vector<{}> {};", storeType(M.Tables[T].Type), TN);
      Init += (Init.empty() ? " : " : ", ") + TN + "(static_cast<size_t>(" +
              (Ref ? "ref_" : "") + TN + "_size(p)))";
      V += (V.empty() ? "" : ", ") + TN + ".data()";
    }
    H.line("explicit {}(const Params &p){} {{ (void)p; }}", S, Init);
    H.line("{} view() {{ return {}{{{}}}; }}", Ref ? "RefTables" : "Tables",
           Ref ? "RefTables" : "Tables", V);
    H.close("};");
  }
  H.line("Params bind_params(const dpc_rt::Problem &prob, const "
         "std::vector<std::pair<std::string, int64_t>> &sets);");
  H.line("HostInputs make_inputs(const dpc_rt::Problem &prob);");
  H.line("double table_bytes(const Params &p);");
  H.line("double reference_bytes(const Params &p);");
  H.line("void compute_tiled(const Params &p, const Inputs &in, const Tables "
         "&t, int threads, int *err);");
  H.line("void compute_reference(const Params &p, const Inputs &in, const "
         "RefTables &r, int *err);");
  H.line("size_t verify(const Params &p, const Tables &t, const RefTables &r, "
         "FILE *out);");
  H.line("bool dump_table(const std::string &name, const Params &p, const "
         "Tables &t, FILE *out);");
  H.line("std::string output_value(const Params &p, const Tables &t);");
  H.line("void traceback(const Params &p, const Inputs &in, const Tables &t, "
         "std::vector<dpc_rt::Event> &events, int *err);");
  H.text("#if defined(DPC_HAVE_CUDA)");
  H.comment("Runs the whole schedule on GPU `device`; copies the tables back "
            "into `t`;\nreturns the seconds the GPU spent (CUDA events).");
  H.line("double compute_cuda(const Params &p, const HostInputs &in, "
         "HostTables &t, int device, int *err);");
  H.text("#endif");
  H.close("} // namespace " + N);
  return H.str();
}

std::string dpc::emitMain(const Program &P) {
  const ModuleInfo &M = P.M;
  const std::string &N = M.Name;
  CodeWriter W;
  W.text(fileBanner(P, N + "_main.cpp: the command line of the generated "
                        "program (see README.md)."));
  W.text("#include \"" + N + "_host.h\"");
  W.blank();
  W.text("#if defined(_OPENMP)");
  W.text("#include <omp.h>");
  W.text("#endif");
  W.blank();
  W.text("#include <cstdio>");
  W.blank();
  W.open("namespace " + N);
  W.blank();
  W.comment("Params from input lengths; `let` constants, possibly set with "
            "--set.");
  W.open("Params bind_params(const dpc_rt::Problem &prob, const "
         "std::vector<std::pair<std::string, int64_t>> &sets)");
  W.line("Params p{{}};");
  for (auto &L : M.Lets)
    W.line("p.{} = {};", L.Name, L.Value);
  W.open("for (auto &s : sets)");
  W.line("bool known = false;");
  for (auto &L : M.Lets) {
    W.open("if (s.first == \"" + L.Name + "\")");
    W.line("if ((s.second >= 0) != ({} >= 0)) throw dpc_rt::InputError(\"--set "
           "{}: the proofs assume '{}' keeps the sign of its default {}\");",
           L.Value, L.Name, L.Name, L.Value);
    W.line("p.{} = s.second;", L.Name);
    W.line("known = true;");
    W.close();
  }
  W.line("if (!known) throw dpc_rt::InputError(\"--set \" + s.first + \": the "
         "recurrence has no constant '\" + s.first + \"'\");");
  W.close();
  for (auto &Pr : M.Params) {
    const InputInfo &In = M.Inputs[Pr.BoundBy];
    int64_t A = In.Size.coeff(Pr.Name), B = In.Size.Const;
    W.open("");
    W.line("const int64_t len = static_cast<int64_t>(prob[{}].length());",
           Pr.BoundBy);
    W.line("if ((len - ({})) % ({}) != 0 || (len - ({})) / ({}) < 0)", B, A, B, A);
    W.line("  throw dpc_rt::InputError(\"input '{}' has length \" + "
           "std::to_string(len) + \", which is not {} for any {} >= 0\");",
           In.Name, In.Size.str(), Pr.Name);
    W.line("p.{} = (len - ({})) / ({});", Pr.Name, B, A);
    W.close();
  }
  W.open("");
  emitParamLocals(M, W, "p");
  for (size_t I = 0; I < M.Inputs.size(); ++I) {
    const InputInfo &In = M.Inputs[I];
    W.line("if (static_cast<int64_t>(prob[{}].length()) != {})", I,
           iexpr(IExpr::fromAffine(In.Size)));
    W.line("  throw dpc_rt::InputError(\"input '{}' has length \" + "
           "std::to_string(prob[{}].length()) + \", but its size {} is \" + "
           "std::to_string({}));",
           In.Name, I, In.Size.str(), iexpr(IExpr::fromAffine(In.Size)));
  }
  // `param N >= 1, ...`: the proofs, and the loops, assume them.
  for (auto &PC : M.ParamConstraints) {
    W.line("if (!({} {} 0))", iexpr(IExpr::fromAffine(PC.C.E)),
           PC.C.IsEq ? "==" : ">=");
    std::string Why;
    for (auto &Pr : M.Params)
      if (PC.C.E.uses(Pr.Name))
        Why += std::string(Why.empty() ? "" : " + \", ") + "\"input '" +
               M.Inputs[Pr.BoundBy].Name + "' has length \" + std::to_string(prob[" +
               std::to_string(Pr.BoundBy) + "].length()) + \", so " + Pr.Name +
               " = \" + std::to_string(" + Pr.Name + ")";
    for (auto &L : M.Lets)
      if (PC.C.E.uses(L.Name))
        Why += std::string(Why.empty() ? "" : " + \", ") + "\"" + L.Name +
               " = \" + std::to_string(" + L.Name + ")";
    W.line("  throw dpc_rt::InputError(std::string() + {} + \", but the "
           "recurrence requires {}\");",
           Why, PC.Text);
  }
  W.close();
  W.line("return p;");
  W.close();
  W.blank();
  W.open("HostInputs make_inputs(const dpc_rt::Problem &prob)");
  W.line("HostInputs h;");
  for (size_t I = 0; I < M.Inputs.size(); ++I)
    W.line("h.{} = prob[{}].{};", M.Inputs[I].Name, I,
           M.Inputs[I].Alpha == Alphabet::Int ? "Ints" : "Codes");
  W.line("return h;");
  W.close();
  W.blank();
  for (bool Ref : {false, true}) {
    W.open(std::string("double ") + (Ref ? "reference" : "table") +
           "_bytes(const Params &p)");
    std::string Sum = "0.0";
    for (size_t T = 0; T < M.Tables.size(); ++T) {
      if (!Ref && P.Storages[T].HostTable >= 0)
        continue;
      Sum += " + " + std::to_string(typeBytes(M.Tables[T].Type)) +
             ".0 * static_cast<double>(" + (Ref ? "ref_" : "") +
             M.Tables[T].Name + "_size(p))";
    }
    W.line("return {};", Sum);
    W.close();
  }
  W.blank();
  W.close("} // namespace " + N);
  W.blank();

  int StructIn = M.StructureInput;
  std::vector<std::string> PNames;
  for (auto &Pr : M.Params)
    PNames.push_back(Pr.Name);
  std::sort(PNames.begin(), PNames.end());
  W.open("int main(int argc, char **argv)");
  W.line("using namespace {};", N);
  W.open("try");
  W.line("std::vector<std::string> backends = {{\"serial\", \"openmp\"}};");
  W.text("#if defined(DPC_HAVE_CUDA)");
  W.line("backends.push_back(\"cuda\");");
  W.text("#endif");
  W.line("const dpc_rt::Options opt = dpc_rt::parse_args(argc, argv, backends);");
  std::string Specs;
  for (auto &I : M.Inputs)
    Specs += (Specs.empty() ? "" : ", ") + std::string("{\"") + I.Name +
             "\", " + rtAlpha(I.Alpha) + "}";
  W.line("const std::vector<dpc_rt::InputSpec> specs = {{{}}};", Specs);
  W.line("const auto problems = dpc_rt::assemble_problems(specs, opt.Inputs, "
         "opt.Files);");
  W.line("std::vector<std::pair<std::string, int64_t>> sets;");
  W.open("for (auto &s : opt.Sets)");
  W.line("auto nv = dpc_rt::split_binding(s, \"--set\");");
  W.line("sets.push_back({{nv.first, dpc_rt::parse_int(nv.second, \"--set \" + "
         "nv.first)}});");
  W.close();
  std::string Names;
  for (auto &T : M.Tables)
    Names += (Names.empty() ? "" : ", ") + T.Name;
  W.open("for (auto &d : opt.DumpTables)");
  std::string Cond;
  for (auto &T : M.Tables)
    Cond += (Cond.empty() ? "" : " && ") + std::string("d != \"") + T.Name + "\"";
  W.line("if ({}) throw dpc_rt::InputError(\"--dump-table \" + d + \": the "
         "recurrence has no table '\" + d + \"' (tables: {})\");",
         Cond, Names);
  W.close();
  W.line("if (!opt.DumpTables.empty() && problems.size() != 1) throw "
         "dpc_rt::InputError(\"--dump-table needs exactly one problem\");");
  W.line("int status = 0;");
  W.open("for (const auto &prob : problems)");
  W.comment("A problem whose inputs do not fit the recurrence fails alone, "
            "like one whose\ncomputation fails; the others still run.");
  W.line("Params p{{}};");
  W.open("try");
  W.line("p = bind_params(prob, sets);");
  W.close();
  W.open("catch (const dpc_rt::InputError &e)");
  W.line("std::fprintf(stderr, \"{}: error: %s\\n\", e.what());", N);
  W.line("status = 1;");
  W.line("continue;");
  W.close();
  W.line("const HostInputs hin = make_inputs(prob);");
  W.line("const Inputs in = hin.view();");
  W.line("dpc_rt::check_host_memory(table_bytes(p) + (opt.Verify ? "
         "reference_bytes(p) : 0.0), \"the tables of this problem\");");
  W.line("HostTables ht(p);");
  W.line("const Tables t = ht.view();");
  W.line("int err = 0;");
  W.line("double seconds = 0;");
  W.open("if (opt.Backend == \"cuda\")");
  W.text("#if defined(DPC_HAVE_CUDA)");
  W.line("seconds = compute_cuda(p, hin, ht, opt.Device, &err);");
  W.text("#endif");
  W.close();
  W.open("else");
  W.line("int threads = 1;");
  W.open("if (opt.Backend == \"openmp\")");
  W.text("#if defined(_OPENMP)");
  W.line("threads = opt.Threads ? opt.Threads : omp_get_max_threads();");
  W.text("#endif");
  W.close();
  W.line("dpc_rt::Timer timer;");
  W.line("compute_tiled(p, in, t, threads, &err);");
  W.line("seconds = timer.seconds();");
  W.close();
  W.open("if (err)");
  W.line("std::fprintf(stderr, \"{}: error: %s\\n\", dpc_rt::error_text(err));",
         N);
  W.line("status = 1;");
  W.line("continue;");
  W.close();
  W.open("if (opt.Verify)");
  W.line("HostRefTables hr(p);");
  W.line("int rerr = 0;");
  W.line("compute_reference(p, in, hr.view(), &rerr);");
  W.line("const size_t bad = verify(p, t, hr.view(), stderr);");
  W.open("if (bad || rerr)");
  W.line("std::fprintf(stderr, \"{}: --verify: %zu cell(s) differ from the "
         "untiled reference%s\\n\", bad, rerr ? \" (and the reference failed)\" "
         ": \"\");",
         N);
  W.line("status = 1;");
  W.close();
  W.close();
  W.open("if (!opt.DumpTables.empty())");
  W.line("for (auto &d : opt.DumpTables) dump_table(d, p, t, stdout);");
  W.line("continue;");
  W.close();
  W.line("dpc_rt::Result r;");
  W.line("r.Recurrence = \"{}\";", N);
  for (auto &Pn : PNames)
    W.line("r.Params.push_back({{\"{}\", p.{}}});", Pn, Pn);
  W.line("r.Output = output_value(p, t);");
  W.line("r.OutputIsNumber = r.Output != \"inf\" && r.Output != \"-inf\";");
  W.line("r.OutputCell = \"{}\";", M.outputText());
  W.line("r.Seconds = seconds;");
  for (auto &I : M.Inputs)
    if (I.Alpha != Alphabet::Int)
      W.line("r.Sequences.push_back(prob[{}].Text);", &I - &M.Inputs[0]);
  W.open("if (opt.Traceback || opt.Json)");
  W.line("r.Traced = true;");
  W.line("dpc_rt::run_with_large_stack([&] {{ traceback(p, in, t, r.Events, "
         "&err); }});");
  if (StructIn >= 0) {
    W.line("std::vector<std::pair<int64_t, int64_t>> pairs;");
    W.line("for (auto &e : r.Events) if (e.Name == \"pair\" && e.Args.size() == "
           "2) pairs.push_back({{e.Args[0], e.Args[1]}});");
    W.line("r.HasStructure = true;");
    W.line("r.Structure = dpc_rt::dot_bracket(prob[{}].length(), pairs);",
           StructIn);
  }
  W.close();
  W.line("dpc_rt::print_result(r, opt);");
  W.close();
  W.line("return status;");
  W.close();
  W.open("catch (const dpc_rt::InputError &e)");
  W.line("std::fprintf(stderr, \"{}: error: %s\\n\", e.what());", N);
  W.line("return 1;");
  W.close();
  W.close();
  return W.str();
}

// Contraction (FMA) is turned off always, not only for float/double tables:
// integer code has nothing to fuse, so the flags cost it nothing, and one
// CMakeLists for every recurrence is simpler to read and to test.
std::string dpc::emitCMake(const Program &P) {
  const std::string &N = P.M.Name;
  std::string S = "# Generated by dpc from " + P.M.FileName +
                  ". Builds `" + N +
                  "` with a C++17 compiler and OpenMP;\n"
                  "# adds the CUDA backend when nvcc is found (turn it off with "
                  "-DDPC_ENABLE_CUDA=OFF).\n";
  S += R"cmake(cmake_minimum_required(VERSION 3.18)
project(@N@ LANGUAGES CXX)

set(CMAKE_CXX_STANDARD 17)
set(CMAKE_CXX_STANDARD_REQUIRED ON)
if(NOT CMAKE_BUILD_TYPE)
  set(CMAKE_BUILD_TYPE Release)
endif()
option(DPC_ENABLE_CUDA "Build the CUDA backend when nvcc is found" ON)

find_package(OpenMP REQUIRED)
add_executable(@N@ @N@_main.cpp @N@_openmp.cpp @N@_reference.cpp @N@_traceback.cpp)
target_include_directories(@N@ PRIVATE ${CMAKE_CURRENT_SOURCE_DIR}
                                       ${CMAKE_CURRENT_SOURCE_DIR}/runtime)
target_link_libraries(@N@ PRIVATE OpenMP::OpenMP_CXX)
include(CheckCXXCompilerFlag)
check_cxx_compiler_flag(-march=native DPC_HAVE_MARCH_NATIVE)
if(DPC_HAVE_MARCH_NATIVE)
  target_compile_options(@N@ PRIVATE $<$<COMPILE_LANGUAGE:CXX>:-march=native>)
endif()
# No fused multiply-add: `dpc interp` rounds every product and every sum, and
# float/double tables must match it to the last bit.
check_cxx_compiler_flag(-ffp-contract=off DPC_HAVE_FP_CONTRACT_OFF)
if(DPC_HAVE_FP_CONTRACT_OFF)
  target_compile_options(@N@ PRIVATE $<$<COMPILE_LANGUAGE:CXX>:-ffp-contract=off>)
endif()

if(DPC_ENABLE_CUDA)
  include(CheckLanguage)
  check_language(CUDA)
  if(CMAKE_CUDA_COMPILER)
    if(NOT CMAKE_CUDA_ARCHITECTURES)
      set(CMAKE_CUDA_ARCHITECTURES 90)  # Hopper (H100): DPX instructions
    endif()
    set(DPC_CUDA_ARCH "${CMAKE_CUDA_ARCHITECTURES}")
    enable_language(CUDA)
    set(CMAKE_CUDA_STANDARD 17)
    target_sources(@N@ PRIVATE @N@_cuda.cu)
    target_compile_options(@N@ PRIVATE $<$<COMPILE_LANGUAGE:CUDA>:--fmad=false>)
    target_compile_definitions(@N@ PRIVATE DPC_HAVE_CUDA=1)
    set_target_properties(@N@ PROPERTIES CUDA_SEPARABLE_COMPILATION OFF
                                          CUDA_ARCHITECTURES "${DPC_CUDA_ARCH}")
    message(STATUS "@N@: CUDA backend enabled (${CMAKE_CUDA_COMPILER}, sm_${CMAKE_CUDA_ARCHITECTURES})")
  else()
    message(STATUS "@N@: nvcc not found; building the CPU backends only")
  endif()
endif()
)cmake";
  size_t Pos;
  while ((Pos = S.find("@N@")) != std::string::npos)
    S.replace(Pos, 3, N);
  return S;
}

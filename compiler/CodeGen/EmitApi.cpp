//===- EmitApi.cpp - NAME_api.h and NAME_api.cpp: the library's C++ API ---===//
//
// Every generated folder builds a library (target NAME_lib) besides the
// program. Its API, NAME_api.h, needs only the C++ standard library: a
// Problem (the recurrence's inputs as the program's --in takes them, and
// `let` overrides as --set), Options (backend, threads, device, traceback,
// --unknown), a Result (status and message, the output as text and as a
// number, every output so, the traceback's events and structure) and solve / solve_batch.
// NAME_api.cpp implements it on NAME_host.h, the functions the program
// itself computes with (bind_params, compute_batch, trace_batch,
// fill_result), so the library and the program give the same results and
// the same messages. See docs/library.md.
//
//===----------------------------------------------------------------------===//
#include "CodeGen/Emitters.h"
#include "CodeGen/EmitUtil.h"

using namespace dpc;
using namespace dpc::lir;

namespace {

/// The Problem member of input I: its name, unless the name is one of
/// Problem's own members (`name`, `sets`): then `input_NAME`.
std::string inputField(const InputInfo &I) {
  return I.Name == "name" || I.Name == "sets" ? "input_" + I.Name : I.Name;
}

/// The letters of a sequence alphabet, as a comment says them.
const char *alphaLetters(Alphabet A) {
  switch (A) {
  case Alphabet::RNA: return "ACGU (either case; T reads as U)";
  case Alphabet::DNA: return "ACGT (either case)";
  case Alphabet::Protein: return "the 20 amino acids ACDEFGHIKLMNPQRSTVWY (either case)";
  case Alphabet::Int: return "";
  }
  return "";
}

} // namespace

std::string dpc::emitApiHeader(const Program &P) {
  const ModuleInfo &M = P.M;
  const std::string &N = M.Name;
  const bool Struct = M.StructureInput >= 0;
  std::string FirstSeq; // an input for the usage example
  for (auto &I : M.Inputs)
    if (I.Alpha != Alphabet::Int && FirstSeq.empty())
      FirstSeq = inputField(I);
  CodeWriter W;
  W.text(fileBanner(P, N + "_api.h: the C++ library of recurrence " + N +
                        " (CMake target " + N + "_lib): problems in, "
                        "results out."));
  W.comment(
      "Usage (docs/library.md; link the target " + N + "_lib):\n"
      "  #include \"" + N + "_api.h\"\n"
      "  " + N + "::api::Problem p;\n" +
      (FirstSeq.empty() ? "  p." + inputField(M.Inputs[0]) + " = {1, 2, 3};\n"
                        : "  p." + FirstSeq + " = \"GGGAAACCC\";\n") +
      "  " + N + "::api::Result r = " + N + "::api::solve(p);\n"
      "  if (r.ok()) std::printf(\"%s\\n\", r.output.c_str());\n"
      "  else std::fprintf(stderr, \"%s\\n\", r.error.c_str());\n"
      "\n"
      "solve_batch computes many problems in one call, in batches as the "
      "program does\n(on the GPU in one set of launches, on the CPU one "
      "problem per thread or a large\none over all threads); its results "
      "come in the order of the problems.\n"
      "\n"
      "A problem that cannot be computed (a letter not in its alphabet, a "
      "length the\nrecurrence does not take, an overflow) gives a Result "
      "whose status is Error, with\nthe message the program would print; "
      "the other problems of the batch are computed\nas usual. Nothing here "
      "prints, exits or aborts, and nothing keeps global state:\nany number "
      "of threads may call solve and solve_batch at once.");
  W.blank();
  W.text("#pragma once");
  W.blank();
  W.text("#include <cstdint>");
  W.text("#include <string>");
  W.text("#include <utility>");
  W.text("#include <vector>");
  W.blank();
  W.open("namespace " + N + "::api");
  W.blank();
  std::string Names;
  for (auto &O : M.Outputs)
    Names += (Names.empty() ? "\"" : ", \"") + O.Name + "\"";
  W.line("/// The recurrence's name, its (first) output's name and every "
         "output's, in");
  W.line("/// declaration order (Result::outputs).");
  W.line("inline constexpr const char *recurrence = \"{}\";", N);
  W.line("inline constexpr const char *output_cell = \"{}\";",
         M.Outputs[0].Name);
  W.line("inline constexpr const char *output_names[] = {{{}}};", Names);
  W.line("/// Whether the traceback gives a base-pair structure "
         "(Result::structure).");
  W.line("inline constexpr bool has_structure = {};", Struct ? "true" : "false");
  W.blank();
  W.line("/// Where problems are computed (the program's --backend).");
  W.open("enum class Backend");
  W.line("OpenMP, ///< the tiled code on CPU threads (Options::threads)");
  W.line("Serial, ///< the same code on one thread");
  W.line("CUDA,   ///< GPU Options::device; only when built with CUDA "
         "(has_cuda())");
  W.line("Auto,   ///< CUDA when built with it and a GPU answers, else "
         "OpenMP");
  W.close("};");
  W.blank();
  W.line("/// Whether this library was built with the CUDA backend (nvcc "
         "found, DPC_ENABLE_CUDA on).");
  W.line("bool has_cuda();");
  W.blank();
  W.line("/// How solve and solve_batch compute (the program's options of the "
         "same names).");
  W.open("struct Options");
  W.line("Backend backend = Backend::OpenMP;");
  W.line("/// CPU threads (0: OpenMP's default, every core).");
  W.line("int threads = 0;");
  W.line("/// The GPU (Backend::CUDA and Auto).");
  W.line("int device = 0;");
  W.line("/// Trace every result back: Result::events{}. Off: the output "
         "only (faster;", Struct ? " and structure" : "");
  W.line("/// on the GPU only the output cells come back).");
  W.line("bool traceback = true;");
  W.line("/// A letter not in its input's alphabet: \"error\" (the problem "
         "fails), \"skip\" (left");
  W.line("/// out) or \"as=X\" (read as the letter X); as the program's "
         "--unknown.");
  W.line("std::string unknown = \"error\";");
  W.line("/// Bytes of tables one batch may hold (0: half the available "
         "memory, at most the");
  W.line("/// GPU's free memory).");
  W.line("double memory_budget = 0;");
  if (anyCheckpointTable(P)) {
    W.line("/// A traced problem whose whole tables exceed memory_budget "
           "keeps the tables that");
    W.line("/// allow it as two rows and is traced back from checkpointed "
           "rows, recomputing the");
    W.line("/// rows it reads; true: at any size (the program's "
           "--checkpoint-rows).");
    W.line("bool checkpoint_rows = false;");
  }
  W.close("};");
  W.blank();
  W.line("/// One problem: the recurrence's inputs, as the program's --in "
         "takes them.");
  W.open("struct Problem");
  W.line("/// A name (a FASTA record's, say), copied into Result::name.");
  W.line("std::string name;");
  for (auto &I : M.Inputs) {
    if (I.Alpha == Alphabet::Int && I.Sizes.size() == 2) {
      W.line("/// input {} : int[{}]: its rows (each as long as the first).",
             I.Name, I.sizeText());
      W.line("std::vector<std::vector<int64_t>> {};", inputField(I));
    } else if (I.Alpha == Alphabet::Int) {
      W.line("/// input {} : int[{}]: its values.", I.Name, I.sizeText());
      W.line("std::vector<int64_t> {};", inputField(I));
    } else {
      W.line("/// input {} : {}[{}]: letters {}.", I.Name, alphabetName(I.Alpha),
             I.sizeText(), alphaLetters(I.Alpha));
      W.line("std::string {};", inputField(I));
    }
  }
  std::string Lets;
  for (auto &L : M.Lets)
    if (!L.IsConst)
      Lets += (Lets.empty() ? "" : ", ") + L.Name + " = " +
              std::to_string(L.Value);
  W.line("/// `let` constants set to other values (the program's --set "
         "NAME=V): {}.",
         Lets.empty() ? "this recurrence has none" : "by default " + Lets);
  W.line("std::vector<std::pair<std::string, int64_t>> sets;");
  W.close("};");
  W.blank();
  W.line("/// An event of the traceback: `pair(3, 9)` is {{\"pair\", {{3, "
         "9}}}}.");
  W.open("struct Event");
  W.line("std::string name;");
  W.line("std::vector<int64_t> args;");
  W.close("};");
  W.blank();
  W.line("enum class Status {{ Ok, Error }};");
  W.blank();
  W.line("/// One output of a result (the program prints each as `NAME = "
         "VALUE`).");
  W.open("struct Output");
  W.line("/// As declared: a cell `C[0, N - 1]`, `best` of `output best = "
         "...`, or the");
  W.line("/// expression as written (output_names).");
  W.line("std::string name;");
  W.line("/// Its value as text (\"3\", \"-inf\", \"0.25\"), whether that "
         "is a finite number, and the");
  W.line("/// number (a double: exact for integers up to 2^53).");
  W.line("std::string text;");
  W.line("bool is_number = false;");
  W.line("double value = 0;");
  W.close("};");
  W.blank();
  W.line("/// What became of one problem.");
  W.open("struct Result");
  W.line("Status status = Status::Error;");
  W.line("/// Why it failed (status Error): the message the program prints "
         "for it.");
  W.line("std::string error;");
  W.line("bool ok() const {{ return status == Status::Ok; }}");
  W.line("/// Problem::name.");
  W.line("std::string name;");
  {
    std::string PL;
    for (auto &Pr : M.Params)
      PL += (PL.empty() ? "" : ", ") + Pr.Name;
    W.line("/// The params, by name ({}), from the inputs' lengths.",
           PL.empty() ? "none" : PL);
  }
  W.line("std::vector<std::pair<std::string, int64_t>> params;");
  W.line("/// The output {} as text, as the program prints it (\"3\", "
         "\"-inf\", \"0.25\").",
         M.Outputs[0].Name);
  W.line("std::string output;");
  W.line("/// Whether the output is a finite number (not \"inf\" or "
         "\"-inf\"), and the number");
  W.line("/// (a double: exact for integers up to 2^53).");
  W.line("bool is_number = false;");
  W.line("double value = 0;");
  W.line("/// Every output, in declaration order (outputs[0] is the one "
         "above{}).",
         M.Outputs.size() > 1 ? "" : "; this recurrence has no other");
  W.line("std::vector<Output> outputs;");
  W.line("/// Options::traceback was on: events{} filled.",
         Struct ? " and structure" : "");
  W.line("bool traced = false;");
  W.line("/// The traceback's events, in the order the traceback finds "
         "them.");
  W.line("std::vector<Event> events;");
  if (Struct)
    W.line("/// The base-pair structure of the pair events, in dot-bracket "
           "(as long as the sequence).");
  else
    W.line("/// Empty: this recurrence gives no base-pair structure.");
  W.line("std::string structure;");
  W.line("/// The sequence inputs as computed (Options::unknown \"skip\" "
         "leaves letters out).");
  W.line("std::vector<std::string> sequences;");
  W.line("/// What Options::unknown changed in the inputs (the program's "
         "warnings).");
  W.line("std::vector<std::string> notes;");
  W.close("};");
  W.blank();
  W.line("/// Computes one problem.");
  W.line("Result solve(const Problem &problem, const Options &options = "
         "Options());");
  W.line("/// Computes many problems together; result i is problem i's. One "
         "that fails does not");
  W.line("/// stop the others.");
  W.line("std::vector<Result> solve_batch(const std::vector<Problem> "
         "&problems, const Options &options = Options());");
  W.blank();
  W.close("} // namespace " + N + "::api");
  return W.str();
}

std::string dpc::emitApiSource(const Program &P) {
  const ModuleInfo &M = P.M;
  const std::string &N = M.Name;
  const bool AnyRing = anyRingTable(P);
  CodeWriter W;
  W.text(fileBanner(P, N + "_api.cpp: the library API of " + N +
                        "_api.h, on the functions the program computes "
                        "with\n// (" + N + "_host.h)."));
  W.text("#include \"" + N + "_api.h\"");
  W.text("#include \"" + N + "_host.h\"");
  W.blank();
  W.text("#if defined(_OPENMP)");
  W.text("#include <omp.h>");
  W.text("#endif");
  W.blank();
  W.text("#include <algorithm>");
  W.text("#include <cstdlib>");
  W.text("#include <exception>");
  W.blank();
  W.open("namespace " + N + "::api");
  W.blank();
  W.open("bool has_cuda()");
  W.text("#if defined(DPC_HAVE_CUDA)");
  W.line("return true;");
  W.text("#else");
  W.line("return false;");
  W.text("#endif");
  W.close();
  W.blank();
  W.open("namespace");
  W.blank();
  W.comment("Problem i as the program's reader gives it: one value per "
            "input, read as --in reads\nit (the same letters, the same "
            "messages, which name the problem).");
  W.open("dpc_rt::Problem read_problem(const Problem &in, size_t i, "
         "dpc_rt::UnknownLetters unknown)");
  W.line("const std::string origin = \"problem \" + std::to_string(i + 1) + "
         "(in.name.empty() ? std::string() : \" '\" + "
         "dpc_rt::printable(in.name) + \"'\");");
  W.line("dpc_rt::Problem prob;");
  for (auto &I : M.Inputs) {
    const char *Read = I.Alpha != Alphabet::Int ? "sequence_value"
                       : I.Sizes.size() == 2    ? "matrix_value"
                                                : "int_value";
    W.line("prob.push_back(dpc_rt::{}({}, in.{}, origin{}));", Read,
           rtInputSpec(I), inputField(I),
           I.Alpha != Alphabet::Int ? ", unknown" : "");
  }
  W.line("return prob;");
  W.close();
  W.blank();
  W.comment("Result r of a problem computed (rt: as fill_result made it for "
            "the program).");
  W.open("void set_result(const dpc_rt::Result &rt, Result &r)");
  W.line("r.status = Status::Ok;");
  W.line("r.error.clear();");
  W.line("r.params = rt.Params;");
  W.open("for (const dpc_rt::OutputValue &o : rt.Outputs)");
  W.line("r.outputs.push_back(Output{{o.Name, o.Text, o.IsNumber, o.IsNumber "
         "? std::strtod(o.Text.c_str(), nullptr) : 0.0}});");
  W.close();
  W.line("r.output = r.outputs[0].text;");
  W.line("r.is_number = r.outputs[0].is_number;");
  W.line("r.value = r.outputs[0].value;");
  W.line("r.traced = rt.Traced;");
  W.line("for (const dpc_rt::Event &e : rt.Events) "
         "r.events.push_back(Event{{e.Name, e.Args}});");
  W.line("r.structure = rt.Structure;");
  W.line("r.sequences = rt.Sequences;");
  W.close();
  W.blank();
  W.comment("solve_batch's work; what it throws fails every problem that "
            "has no result yet.");
  W.open("void run(const std::vector<Problem> &problems, const Options &opt, "
         "std::vector<Result> &results)");
  W.line("const dpc_rt::UnknownLetters unknown = "
         "dpc_rt::parse_unknown(opt.unknown);");
  W.comment("The backend, as the program picks it: CUDA asks the GPU for "
            "the bytes a batch may\nhold (and fails when it cannot), Auto "
            "falls back to OpenMP.");
  W.line("bool on_gpu = false;");
  W.line("double dev = 0; // the GPU's free bytes");
  W.text("#if defined(DPC_HAVE_CUDA)");
  W.open("if (opt.backend == Backend::CUDA || opt.backend == Backend::Auto)");
  W.line("std::vector<int> devices;");
  W.open("try");
  W.line("dev = cuda_start_devices({{opt.device}}, devices);");
  W.close();
  W.open("catch (const std::exception &)");
  W.line("if (opt.backend == Backend::CUDA) throw;");
  W.line("dev = 0;");
  W.close();
  W.line("on_gpu = opt.backend == Backend::CUDA || dev > 0;");
  W.close();
  W.text("#else");
  W.line("if (opt.backend == Backend::CUDA) throw "
         "dpc_rt::InputError(\"Backend::CUDA: this library was built without "
         "CUDA (nvcc not found, or DPC_ENABLE_CUDA=OFF)\");");
  W.text("#endif");
  W.comment("threads: the CPU backend's; host_threads: those that trace "
            "back a batch");
  W.line("int host_threads = 1;");
  W.text("#if defined(_OPENMP)");
  W.line("host_threads = opt.threads > 0 ? opt.threads : "
         "omp_get_max_threads();");
  W.text("#endif");
  W.line("if (opt.backend == Backend::Serial) host_threads = 1;");
  W.line("const int threads = host_threads;");
  W.line("const bool traced = opt.traceback;");
  W.comment("The GPU sends back only the output cells when no traceback "
            "needs the tables\n(a traceback on the device sends its events).");
  W.line("const bool gpu_trace = {};",
         P.Gpu.Traceback.OnDevice ? "on_gpu && traced" : "false");
  W.line("const bool tables_back = !on_gpu || (traced && !gpu_trace);");
  W.line("double budget = opt.memory_budget;");
  W.open("if (budget <= 0)");
  W.line("budget = tables_back ? 0.5 * "
         "static_cast<double>(dpc_rt::available_memory_bytes()) : 0.0;");
  W.line("if (dev > 0) budget = budget > 0 ? std::min(budget, dev) : dev;");
  W.line("if (budget <= 0) budget = 1024.0 * 1024 * 1024;");
  W.close();
  W.comment("Every problem's sizes and inputs; one that does not fit the "
            "recurrence fails alone.");
  W.line("struct Job {{ size_t index; dpc_rt::Problem prob; Params p; "
         "HostInputs in; }};");
  W.line("std::vector<Job> jobs;");
  W.open("for (size_t i = 0; i < problems.size(); ++i)");
  W.open("try");
  W.line("Job j{{i, read_problem(problems[i], i, unknown), Params{{}}, "
         "HostInputs{{}}}};");
  W.line("j.p = bind_params(j.prob, problems[i].sets);");
  if (AnyRing) {
    W.comment("tables kept as two rolling rows where nothing reads them "
              "afterwards");
    W.line("j.p.dpc_ring = !traced && (on_gpu || cpu_sweeps_compiled()) ? 1 "
           ": 0;");
  }
  if (anyCheckpointTable(P)) {
    W.comment("traced: kept as rows too where the traceback recomputes them "
              "from checkpointed rows");
    W.line("if (traced && (on_gpu || cpu_sweeps_compiled()) && "
           "(opt.checkpoint_rows || table_bytes(j.p) > budget)) j.p.dpc_ring "
           "= 1;");
  }
  W.line("j.in = make_inputs(j.prob);");
  W.line("results[i].notes = dpc_rt::problem_notes(j.prob);");
  W.line("jobs.push_back(std::move(j));");
  W.close();
  W.open("catch (const std::exception &e)");
  W.line("results[i].error = e.what();");
  W.close();
  W.close();
  W.comment("Batches: consecutive problems whose tables fit the budget run "
            "together.");
  W.line("std::vector<double> bytes(jobs.size());");
  W.line("for (size_t j = 0; j < jobs.size(); ++j) bytes[j] = "
         "table_bytes(jobs[j].p);");
  W.line("dpc_rt::HostBuffer host; // the GPU's tables, reused by the "
         "batches");
  W.open("for (const auto &range : dpc_rt::batch_ranges(bytes, budget))");
  W.line("const size_t first = range.first, n = range.second - range.first;");
  W.line("std::vector<Params> ps;");
  W.line("std::vector<const HostInputs *> ins;");
  W.open("for (size_t k = 0; k < n; ++k)");
  W.line("ps.push_back(jobs[first + k].p);");
  W.line("ins.push_back(&jobs[first + k].in);");
  W.close();
  W.line("BatchRun b;");
  W.line("std::vector<dpc_rt::Result> rs(n);");
  W.line("std::vector<int> trace_errs(n, 0);");
  W.line("compute_batch(ps, ins, on_gpu, threads, opt.device, tables_back, "
         "gpu_trace ? 0 : -1, 0.0, host, b);");
  W.open("if (b.error.empty() && traced)");
  W.open("try");
  W.line("trace_batch(ps, ins, b, host_threads, rs, trace_errs);");
  W.close();
  W.open("catch (const std::exception &e)");
  W.line("b.error = e.what();");
  W.close();
  W.close();
  W.open("for (size_t k = 0; k < n; ++k)");
  W.line("Result &r = results[jobs[first + k].index];");
  W.open("if (!b.error.empty())");
  W.comment("the batch could not run (memory, device): its problems fail");
  W.line("r.error = b.error;");
  W.line("continue;");
  W.close();
  W.comment("(an error of the traceback, e.g. its cell limit, fails the "
            "problem too)");
  W.line("const int err = b.errs[k] ? b.errs[k] : trace_errs[k];");
  W.open("if (err)");
  W.line("r.error = error_message(ps[k], ins[k]->view(), err);");
  W.line("continue;");
  W.close();
  W.line("fill_result(ps[k], jobs[first + k].prob, b, k, traced, rs[k]);");
  W.line("set_result(rs[k], r);");
  W.close();
  W.close();
  W.close();
  W.blank();
  W.close("} // namespace");
  W.blank();
  W.open("std::vector<Result> solve_batch(const std::vector<Problem> "
         "&problems, const Options &options)");
  W.line("std::vector<Result> results(problems.size());");
  W.line("for (size_t i = 0; i < problems.size(); ++i) results[i].name = "
         "problems[i].name;");
  W.line("std::string error;");
  W.open("try");
  W.line("run(problems, options, results);");
  W.close();
  W.open("catch (const std::exception &e)");
  W.line("error = e.what();");
  W.close();
  W.open("catch (...)");
  W.line("error = \"unknown error\";");
  W.close();
  W.comment("(a problem neither computed nor failed on its own fails with "
            "what stopped the run)");
  W.line("for (Result &r : results) if (!r.ok() && r.error.empty()) r.error "
         "= error.empty() ? \"not computed\" : error;");
  W.line("return results;");
  W.close();
  W.blank();
  W.open("Result solve(const Problem &problem, const Options &options)");
  W.line("return std::move(solve_batch({{problem}}, options)[0]);");
  W.close();
  W.blank();
  W.close("} // namespace " + N + "::api");
  return W.str();
}

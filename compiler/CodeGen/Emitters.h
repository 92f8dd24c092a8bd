//===- Emitters.h - the printers of a generated folder --------------------===//
//
// Each takes the backend-neutral lir::Program and gives the text of one
// file of the generated folder:
//   EmitHeader.cpp    NAME.h          types, storage maps, scores, and one
//                                     function per statement (host+device)
//   EmitOpenMP.cpp    NAME_openmp.cpp the tiled wavefront schedule with
//                                     OpenMP over the tiles of a step and
//                                     CPU tile products
//   EmitReference.cpp NAME_reference.cpp  the untiled reference, --verify,
//                                     table dumps
//   EmitTraceback.cpp NAME_traceback.cpp  the generic traceback
//   EmitCuda.cpp      NAME_cuda.cu    one kernel per wavefront step site,
//                                     register-blocked tile products
//   EmitHost.cpp      NAME_host.h, NAME_host.cpp  host tables, params
//                                     from inputs, a batch computed, traced
//                                     back and made into results (shared
//                                     by the program and the library)
//   EmitApi.cpp       NAME_api.h, NAME_api.cpp  the library's C++ API
//   EmitMain.cpp      NAME_main.cpp, CMakeLists.txt
//   EmitReadme.cpp    README.md
//
//===----------------------------------------------------------------------===//
#pragma once

#include "LIR/Program.h"

#include <string>
#include <utility>
#include <vector>

namespace dpc {

class CodeWriter;

struct GenFile {
  std::string Name;
  std::string Text;
  bool Format = true; // C++/CUDA text to run through clang-format
};

std::string emitHeader(const lir::Program &P);
std::string emitOpenMP(const lir::Program &P);
std::string emitReference(const lir::Program &P);
std::string emitTraceback(const lir::Program &P);
std::string emitCuda(const lir::Program &P);
/// The traceback on the device (lir::GpuTraceback::OnDevice), for the .cu:
/// each traced table's walk of one cell, the kernel dpc_traceback (one warp
/// per problem), and the host's dpc_trace_on_device, which runs it for a
/// batch and turns the records that come back into each problem's events.
/// Needs BatchProblem and HostInputs declared before.
void emitDeviceTraceback(const lir::Program &P, CodeWriter &W);
std::string emitHostHeader(const lir::Program &P);
std::string emitHostSource(const lir::Program &P);
std::string emitApiHeader(const lir::Program &P);
std::string emitApiSource(const lir::Program &P);
std::string emitMain(const lir::Program &P);
std::string emitCMake(const lir::Program &P);
std::string emitReadme(const lir::Program &P, const std::string &Source);

/// One statement as a function (all in NAME.h, for host and device): Host
/// (tile products from accumulators), Reference (plain equations on the
/// reference tables), DeviceTileCache (`tc_` prefix: like Host, but reads of
/// the tile being computed come from its local copy -- stack on the CPU,
/// shared memory on the GPU).
/// Host: the plain statement (CPU, and GPU kernels without tile copies);
/// Reference: on the reference tables; DeviceTileCache: reads of its tile
/// from shared memory (`tc_stmt_`, .cu only); DeviceLanes: several lanes
/// per cell sharing its reductions (`ln_stmt_`, .cu only).
/// DeviceStrip: a cell of a lane strip, its group's reads from the lane's
/// registers where it holds them; returns the value (`st_stmt_`, .cu only).
/// HostAccOnly: like Host, its split reductions read from their tile
/// accumulators alone (`rp_` prefix, the OpenMP file only: the in-tile
/// rows with pushes, lir::CpuRowPush, completed the accumulators).
enum class StmtVariant { Host, Reference, DeviceTileCache, DeviceLanes, DeviceStrip, HostAccOnly };
void emitStatement(const lir::Program &P, int Stmt, StmtVariant V,
                   class CodeWriter &W);

/// The stores of statement Stmt's cell X (its indices) holding `dpc_v`:
/// its table's buffer (tables T: "dpc_t" or "dpc_r") and the copy tables
/// it mirrors (AfterMain, if any, printed between the two); Ty: the index
/// type of the code (cellOffset).
void emitCellStores(const lir::Program &P, int Stmt,
                    const std::vector<lir::IExprPtr> &X, const std::string &T,
                    bool Reference, class CodeWriter &W,
                    const std::string &AfterMain = "",
                    const std::string &Ty = "int64_t");

/// Strip sweep N (a Sweep statement) of the CPU plan as a block of the
/// OpenMP compute function: EmitCpuStrip.cpp.
void emitCpuSweep(const lir::Program &P, const lir::LNode &N,
                  class CodeWriter &W);

/// The in-tile phase of a group of the CPU plan's RowPush inside its tile
/// loop (TileArgs: the tile's coordinates, SplitInfo::TileVars' values):
/// EmitCpuRows.cpp.
void emitCpuRowPushTile(const lir::Program &P, const lir::CpuRowPush &R,
                        const std::vector<lir::IExprPtr> &TileArgs,
                        class CodeWriter &W);

/// The body of strip kernel K of the GPU plan (after its parameters and
/// tile coordinates), for NAME_cuda.cu: EmitStripKernel.cpp.
void emitStripKernel(const lir::Program &P, int K, class CodeWriter &W);

/// The body of scan kernel K of the GPU plan (a running max / min, one
/// block per problem), for NAME_cuda.cu: EmitScanKernel.cpp.
void emitScanKernel(const lir::Program &P, int K, class CodeWriter &W);

/// All files of the folder (runtime files excluded). With CheckSyntax,
/// every C++ file is parsed with clang first (in parallel, one thread per
/// file up to the machine's cores); one that does not parse is an internal
/// error.
std::vector<GenFile> emitAll(const lir::Program &P, const std::string &Source,
                             bool CheckSyntax = true);

/// The comment that heads every file: what it is and where it came from.
std::string fileBanner(const lir::Program &P, const std::string &What);

} // namespace dpc

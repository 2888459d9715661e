/* graph_main.c - the main() of a program accel-graphc compiles for one
   model (libaccelgraph.a; graph_runtime.h, docs/graph.md):

     model.elf in_0.bin ... in_{k-1}.bin out_0.bin ... out_{m-1}.bin [prof]

   reads each input from a file of raw little-endian bytes into the arena,
   has the kernels check every op's arguments once (ACCEL_CHECK_ONLY: a
   refusal stops the program there with the node's name, before anything
   runs), runs the model without those checks (ACCEL_RUN_CHECKED; the
   simulator's region of interest) and writes each output to a file; with
   a last argument, each op's figures go to that file (accel-run
   --profile and --timeline). A generation program has its own main
   (generate_main.c). */

#include "graph_runtime.h"
#include <accel.h>
#include <stdio.h>

int main(int argc, char **argv) {
  long inputs = accel_graph_num_inputs, outputs = accel_graph_num_outputs;
  argc = accel_graph_debug_options(argc, argv);
  if (argc != 1 + inputs + outputs && argc != 2 + inputs + outputs) {
    fprintf(stderr,
            "usage: %s <%ld input files> <%ld output files> [profile]\n",
            argv[0], inputs, outputs);
    return 2;
  }
  for (long i = 0; i < inputs; ++i)
    accel_graph_transfer(argv[1 + i],
                         accel_graph_arena + accel_graph_inputs[i].offset,
                         accel_graph_inputs[i].bytes, 0);
  accel_graph_check(accel_graph_run);
  int profiling = argc == 2 + inputs + outputs;
  accel_graph_profile(profiling);
  accel_region_begin();
  accel_graph_call(accel_graph_run);
  accel_region_end();
  for (long i = 0; i < outputs; ++i)
    accel_graph_transfer(argv[1 + inputs + i],
                         accel_graph_arena + accel_graph_outputs[i].offset,
                         accel_graph_outputs[i].bytes, 1);
  if (profiling)
    accel_graph_write_profile(argv[argc - 1]);
  return 0;
}

/* graph_debug.c - each op's result written out, for accel-run
   --compare-layers (docs/graph.md, "Comparing layers").

   A program accel-graphc compiles with --dump-results calls
   accel_graph_op_dumped where the others call accel_graph_op: the same
   op, then its result, as the record's descriptor gives it, appended to
   the file named by the program's argument --dump-results=FILE:

     accel_graph_dump_head   the op's index in the run, its result's
                             element type's name, rank, dims and strides
                             (in elements), the bytes that follow
     name                    the op's name (its nodes', joined by " + ")
     data                    the result's bytes from its first element to
                             its last, strides and all

   A program compiled without it never calls this file's hook; its
   options are then read and do nothing.

   --plant-error=NODE:DELTA (or #N:DELTA, the N-th op of the run, from 0)
   is for the tests of accel-run --compare-layers only: it adds DELTA to
   the first element of the result of each op that computes node NODE,
   before the result is written out and read by the ops after it, as a
   kernel with a wrong result would. */

#include "graph_runtime.h"
#include "kernel_args.h"
#include <fcntl.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

typedef struct {
  long magic; /* DumpMagic */
  long index;
  char dtype[8]; /* accel_dtype_name() */
  long rank;
  long dims[ACCEL_MAX_RANK], strides[ACCEL_MAX_RANK];
  long data_bytes, name_bytes;
} accel_graph_dump_head;

static const long DumpMagic = 0x504d5544434341; /* "ACCDUMP" */

static int dump_fd = -1;
static long ops_run;
static const char *plant_node;
static long plant_index = -1;
static double plant_delta;

static void usage_error(const char *arg, const char *why) {
  fprintf(stderr, "accel-graph: %s: %s\n", arg, why);
  exit(2);
}

/* NODE:DELTA or #N:DELTA. */
static void parse_plant(const char *arg, const char *spec) {
  const char *colon = strrchr(spec, ':');
  if (!colon || colon == spec)
    usage_error(arg, "expected NODE:DELTA or #N:DELTA");
  char *end;
  plant_delta = strtod(colon + 1, &end);
  if (*end || end == colon + 1)
    usage_error(arg, "DELTA is not a number");
  if (spec[0] == '#') {
    plant_index = strtol(spec + 1, &end, 10);
    if (end != colon || plant_index < 0)
      usage_error(arg, "#N must be an op's index (0, 1, ...)");
    return;
  }
  size_t n = (size_t)(colon - spec);
  char *node = malloc(n + 1);
  memcpy(node, spec, n);
  node[n] = 0;
  plant_node = node;
}

int accel_graph_debug_options(int argc, char **argv) {
  static const char Dump[] = "--dump-results=", Plant[] = "--plant-error=";
  int kept = 1;
  for (int i = 1; i < argc; ++i) {
    if (!strncmp(argv[i], Dump, sizeof Dump - 1)) {
      dump_fd =
          open(argv[i] + sizeof Dump - 1, O_WRONLY | O_CREAT | O_TRUNC, 0644);
      if (dump_fd < 0)
        usage_error(argv[i], "cannot open the file");
    } else if (!strncmp(argv[i], Plant, sizeof Plant - 1)) {
      parse_plant(argv[i], argv[i] + sizeof Plant - 1);
    } else {
      argv[kept++] = argv[i];
    }
  }
  return kept;
}

/* Whether name, "a (Conv) + b (Relu)", lists node plant_node. */
static int computes_planted_node(const char *name) {
  size_t n = strlen(plant_node);
  for (const char *p = name; p; p = strstr(p, " + ")) {
    if (p != name)
      p += 3;
    if (!strncmp(p, plant_node, n) && !strncmp(p + n, " (", 2))
      return 1;
  }
  return 0;
}

static void plant(const accel_tensor *y, const char *name) {
  for (int d = 0; d < y->rank; ++d)
    if (y->dims[d] == 0)
      return;
  switch (y->dtype) {
  case ACCEL_F32:
    *(float *)y->data += (float)plant_delta;
    return;
  case ACCEL_F64:
    *(double *)y->data += plant_delta;
    return;
  case ACCEL_I32:
    *(int *)y->data += (int)plant_delta;
    return;
  case ACCEL_I64:
    *(long *)y->data += (long)plant_delta;
    return;
  default:
    fprintf(stderr,
            "accel-graph: --plant-error: node '%s': its result is %s, "
            "not f32, f64, int32 or int64\n",
            name, accel_dtype_name(y->dtype));
    exit(2);
  }
}

static void dump(long index, const accel_tensor *y, const char *name) {
  accel_graph_dump_head h = {DumpMagic, index, {0}, y->rank, {0}, {0}, 0, 0};
  strncpy(h.dtype, accel_dtype_name(y->dtype), sizeof h.dtype - 1);
  long last = 0; /* the last element's offset */
  int empty = 0;
  for (int d = 0; d < y->rank; ++d) {
    h.dims[d] = y->dims[d];
    h.strides[d] = y->strides[d];
    last += (y->dims[d] - 1) * y->strides[d];
    empty |= y->dims[d] == 0;
  }
  h.data_bytes = empty ? 0 : (last + 1) * accel_dtype_bytes(y->dtype);
  h.name_bytes = (long)strlen(name);
  if (write(dump_fd, &h, sizeof h) != sizeof h ||
      write(dump_fd, name, h.name_bytes) != h.name_bytes ||
      write(dump_fd, y->data, h.data_bytes) != h.data_bytes) {
    fprintf(stderr, "accel-graph: --dump-results: a write failed\n");
    exit(2);
  }
}

void accel_graph_op_dumped(const long *record, const char *name, long bound) {
  accel_graph_op(record, name, bound);
  if (accel_only_checking())
    return;
  /* The record's last operand is the result (graph_runtime.h); it lies
     in DRAM or the scratchpad alike, and nothing has written it. */
  const accel_tensor *t = (const accel_tensor *)(record + 3);
  const accel_tensor *y =
      &t[((const accel_graph_record *)record)->operands - 1];
  long index = ops_run++;
  if (index == plant_index || (plant_node && computes_planted_node(name)))
    plant(y, name);
  if (dump_fd >= 0)
    dump(index, y, name);
}

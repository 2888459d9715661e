/* generate_main.c - the main() of a generation program (accel-graphc
   --generate; accel-generate runs it; docs/llm.md): greedy decoding of a
   decoder-with-past, the whole generation in one run, no host round trip
   per token.

     gen.elf NEW_TOKENS prompt.bin result.txt [profile]

   prompt.bin holds the batch's left-padded input_ids [B, S] then its
   attention_mask [B, S], int64. The program's steps (accel_generate_steps)
   are the prefill of those S tokens and decoding steps of one token after
   a past of P rows, for a few P (buckets). The KV caches live in the
   arena at the same offsets for every step, [B, KVH, max length, D]: row
   j of sequence b holds its token j (padding included), each step writes
   its own rows there (accel.cache_write) at the cache position, and reads
   the first P + 1 rows, masked by the attention_mask this driver keeps:
   1 where a row holds a real token. A step of past P serves any cache
   position p <= P (the rows after p masked), so each token takes the
   smallest bucket that holds it. The greedy token (ArgMax on the
   accelerator) is the step's output and the next step's input.

   result.txt: a line "tokens b t0 t1 ..." per sequence, then a line
   "step i past_rows cycles dma_bytes" per step (the prefill is step 0). */

#include "accel_sys.h"
#include "graph_runtime.h"
#include <accel.h>
#include <stdio.h>
#include <stdlib.h>

/* The step's inputs, in accel_generate_step's order. */
enum { InputIds, AttentionMask, PositionIds, CachePosition, StepInputs };

static void fail(const char *message) {
  fprintf(stderr, "accel-generate: %s\n", message);
  exit(2);
}

static long *arena_longs(const accel_generate_step *s, int input) {
  return (long *)(accel_graph_arena + s->inputs[input].offset);
}

/* Writes the step's inputs into the arena: ids [B, S], the first P + S
   columns of mask (B rows of width), positions [B, S], the position. */
static void set_inputs(const accel_generate_step *s, long batch,
                       const long *ids, const long *mask, long width,
                       const long *positions, long position) {
  long rows = s->new_rows, columns = s->past_rows + s->new_rows;
  long *in_ids = arena_longs(s, InputIds), *in_mask = arena_longs(s, AttentionMask);
  long *in_positions = arena_longs(s, PositionIds);
  for (long b = 0; b < batch; ++b) {
    for (long j = 0; j < rows; ++j) {
      in_ids[b * rows + j] = ids[b * rows + j];
      in_positions[b * rows + j] = positions[b * rows + j];
    }
    for (long j = 0; j < columns; ++j)
      in_mask[b * columns + j] = mask[b * width + j];
  }
  arena_longs(s, CachePosition)[0] = position;
}

int main(int argc, char **argv) {
  if (argc != 4 && argc != 5)
    fail("usage: gen.elf NEW_TOKENS prompt.bin result.txt [profile]");
  long new_tokens = strtol(argv[1], NULL, 10);
  long steps = accel_generate_num_steps;
  const accel_generate_step *prefill = &accel_generate_steps[0];
  for (long i = 0; i < steps; ++i)
    if (accel_generate_steps[i].num_inputs != StepInputs)
      fail("a step's inputs are not input_ids, attention_mask, "
           "position_ids and the cache position");
  long length = prefill->new_rows;
  long batch = prefill->inputs[InputIds].bytes / 8 / length;
  long width = accel_generate_steps[steps - 1].past_rows + 1;
  if (new_tokens < 1 || length + new_tokens - 1 > width)
    fail("NEW_TOKENS must be from 1 to the cache's rows after the prompt");

  long *prompt = malloc(2 * batch * length * sizeof(long));
  long *mask = calloc(batch * width, sizeof(long));
  long *positions = malloc(batch * length * sizeof(long));
  long *ids = malloc(batch * sizeof(long));
  long *last = malloc(batch * sizeof(long)); /* each one's last position */
  long *tokens = malloc(batch * new_tokens * sizeof(long));
  unsigned long *cycles = malloc(new_tokens * sizeof(long));
  unsigned long *dma = malloc(new_tokens * sizeof(long));
  long *past = malloc(new_tokens * sizeof(long));
  accel_graph_transfer(argv[2], prompt, 2 * batch * length * 8, 0);
  /* HF's position ids of a left-padded prompt: its real tokens' count
     before each, 0 for the padding. */
  for (long b = 0; b < batch; ++b) {
    long seen = 0;
    for (long j = 0; j < length; ++j) {
      long m = prompt[batch * length + b * length + j];
      mask[b * width + j] = m;
      seen += m != 0;
      positions[b * length + j] = seen ? seen - 1 : 0;
    }
    last[b] = positions[b * length + length - 1];
  }

  for (long i = 0; i < steps; ++i)
    accel_graph_check(accel_generate_steps[i].run);
  accel_graph_profile(argc == 5);
  accel_region_begin();
  set_inputs(prefill, batch, prompt, mask, width, positions, 0);
  long position = length; /* the cache row of the next token */
  for (long t = 0; t < new_tokens; ++t) {
    const accel_generate_step *s = prefill;
    if (t > 0) {
      s = &accel_generate_steps[1];
      while (s->past_rows < position)
        ++s;
      for (long b = 0; b < batch; ++b) {
        mask[b * width + position] = 1;
        ++last[b];
      }
      set_inputs(s, batch, ids, mask, width, last, position);
      ++position;
    }
    unsigned long c0 = __accel_sys_cycles(), d0 = __accel_sys_dma_bytes();
    accel_graph_call(s->run);
    cycles[t] = __accel_sys_cycles() - c0;
    dma[t] = __accel_sys_dma_bytes() - d0;
    past[t] = s->past_rows;
    const long *next = (const long *)(accel_graph_arena + s->outputs[0].offset);
    for (long b = 0; b < batch; ++b)
      ids[b] = tokens[b * new_tokens + t] = next[b];
  }
  accel_region_end();

  FILE *f = fopen(argv[3], "w");
  if (!f)
    fail("cannot write the result file");
  for (long b = 0; b < batch; ++b) {
    fprintf(f, "tokens %ld", b);
    for (long t = 0; t < new_tokens; ++t)
      fprintf(f, " %ld", tokens[b * new_tokens + t]);
    fprintf(f, "\n");
  }
  for (long t = 0; t < new_tokens; ++t)
    fprintf(f, "step %ld %ld %lu %lu\n", t, past[t], cycles[t], dma[t]);
  fclose(f);
  if (argc == 5)
    accel_graph_write_profile(argv[4]);
  return 0;
}

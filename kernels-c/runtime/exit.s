# exit.s - exit() for programs linked without the C library: crt0 calls
# exit, and the C library's (which runs atexit handlers and flushes stdio
# before _exit) is found first when it is linked, since the driver puts
# -lc before -laccelrt. Alone in its object so that nothing else pulls it.

  .text
  .globl exit
  .type exit, @function
exit:
  jmp _exit

# grow: takes memory a megabyte at a time until it runs out, then dies of
# SIGSEGV without a word, as a C program does: only its peak says why.
import os
import signal

held = []
try:
    while True:
        held.append(bytearray(1 << 20))
except MemoryError:
    held = None
    os.kill(os.getpid(), signal.SIGSEGV)

// fastload FILE DB.TABLE (src/run/program.cc).
#include "run/run.h"

int main(int argc, char** argv) { return fastload::run::program(argc, argv, nullptr); }

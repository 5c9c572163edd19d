/* A library that missing_dependency.so links against and that the zoo then deletes. */
int easel_gone_answer(void) { return 42; }

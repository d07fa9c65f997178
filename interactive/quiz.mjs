// Quizzes (served as assets/quiz.mjs, imported by runtime.mjs).  Contract: stytvolt/web/learn.py.
export {};

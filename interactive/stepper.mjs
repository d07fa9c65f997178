// Step-through of worked hands and tricks (served as assets/stepper.mjs, imported by runtime.mjs).
// Owner: worked hands.  Contract: see stytvolt/web/hands.py.
export {};

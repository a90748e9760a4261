// Employee import from CSV/XLSX (issue 3): filled by the employee-import work.
export {};

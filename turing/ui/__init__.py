"""Views a person looks at: the line prompt, and later the full-screen board. They draw and read;
every rule lives in the library."""

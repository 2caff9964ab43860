/** Shown while the console's code loads and a saved session is checked. */
export function Opening() {
  return (
    <main id="main" className="mx-auto w-full max-w-sm px-4 py-10">
      <h1 className="text-3xl font-bold tracking-tight">Orders</h1>
      <p role="status" className="mt-2">
        Opening the board…
      </p>
    </main>
  );
}

export function App() {
  return (
    <main className="app">
      <h1>Fencing Lab</h1>
      <p>A lease gives availability, not safety.</p>
    </main>
  )
}

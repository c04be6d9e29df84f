export function ToursListPage() {
  return <h1>Tours</h1>;
}

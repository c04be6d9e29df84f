export function TourEditPage() {
  return <h1>Tour</h1>;
}

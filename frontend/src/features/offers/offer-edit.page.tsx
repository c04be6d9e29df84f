export function OfferEditPage() {
  return <h1>Ticket</h1>;
}

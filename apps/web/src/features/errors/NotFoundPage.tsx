export default function NotFoundPage() {
  return <h1>NotFoundPage (in progress)</h1>;
}

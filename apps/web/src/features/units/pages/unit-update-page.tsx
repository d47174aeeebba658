/** Placeholder until this page lands in this session (issue 4). */
export default function Page() {
  return null;
}

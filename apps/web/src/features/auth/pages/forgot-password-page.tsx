import { AuthLayout } from '../components/auth-layout';

export default function Page() {
  return <AuthLayout>{null}</AuthLayout>;
}

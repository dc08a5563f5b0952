import { Navigate } from 'react-router-dom';
import { Routes } from '../../app/navigation';
import { useSession } from '../../app/session';

/** `/` and `/pages/main`: members go home, everyone else to the intro. */
export default function EntryRedirect() {
  const { isLogin } = useSession();
  return <Navigate replace to={isLogin ? Routes.home : Routes.intro} />;
}

import { RouterProvider } from 'react-router-dom';
import { Providers } from './Providers';
import { queryClient } from './query-client';
import { createRouter } from './routes';

const router = createRouter();

export function App() {
  return (
    <Providers queryClient={queryClient}>
      <RouterProvider router={router} />
    </Providers>
  );
}

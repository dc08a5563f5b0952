import { useSearchParams } from 'react-router-dom';
import { filterFrom, paramsOf, type RecordFilter } from './record-filters';

/** The page's filter, read from and written to the address (?bot=&period=). */
export function useRecordFilter(): [RecordFilter, (next: RecordFilter) => void] {
  const [params, setParams] = useSearchParams();
  return [filterFrom(params), (next) => setParams(paramsOf(next), { replace: true })];
}

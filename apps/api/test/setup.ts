import { checkCompiledOnceRuns } from '../src/db/compiled-once';

// Every statement kept compiled (decision 87) is checked against the one built afresh, in every API test.
checkCompiledOnceRuns(true);

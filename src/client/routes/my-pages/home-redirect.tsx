import { Navigate } from "react-router";
import { RequireAuth } from "../../app/guards.tsx";
import { storedHomeArea } from "./area-frame.tsx";

export default function MyPagesRedirect() {
  return (
    <RequireAuth>
      <Navigate to={`/my-pages/${storedHomeArea()}`} replace />
    </RequireAuth>
  );
}

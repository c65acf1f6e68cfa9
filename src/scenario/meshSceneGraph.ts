/**
 * A three.js scene graph (what GLTFLoader and OBJLoader build) flattened to a triangle soup: every
 * mesh with its world transform and GPU-instancing transforms applied. Part of `meshLoader.ts`.
 */
import { Matrix4, Vector3 } from 'three';
import type { BufferAttribute, InstancedMesh, InterleavedBufferAttribute, Mesh, Object3D } from 'three';
import { MeshLoadError } from './meshTypes';

// ---------------------------------------------------------------------------------------------
// Scene graph -> triangle soup
// ---------------------------------------------------------------------------------------------

/** Collects every triangle mesh under `root` with its world transform (and instance transforms) applied. */
export function collectTriangles(root: Object3D, fileName: string): Float32Array {
  root.updateMatrixWorld(true);
  const chunks: Float32Array[] = [];
  const v = new Vector3();
  root.traverse((obj) => {
    const mesh = obj as Mesh;
    if (mesh.isMesh !== true) return; // Line, Points, cameras, groups
    const geometry = mesh.geometry;
    const pos = geometry.getAttribute('position') as BufferAttribute | InterleavedBufferAttribute | undefined;
    if (!pos) return;
    const index = geometry.index;
    const n = index ? index.count : pos.count;
    const triCount = Math.floor(n / 3);
    if (triCount === 0) return;

    const matrices: Matrix4[] = [];
    const inst = mesh as InstancedMesh;
    if (inst.isInstancedMesh === true) {
      const m = new Matrix4();
      for (let i = 0; i < inst.count; i++) {
        inst.getMatrixAt(i, m);
        matrices.push(mesh.matrixWorld.clone().multiply(m));
      }
    } else {
      matrices.push(mesh.matrixWorld);
    }

    for (const matrix of matrices) {
      const out = new Float32Array(triCount * 9);
      for (let k = 0; k < triCount * 3; k++) {
        const vi = index ? index.getX(k) : k;
        if (!(vi >= 0 && vi < pos.count)) {
          throw new MeshLoadError(
            fileName,
            `mesh "${mesh.name}" triangle ${Math.floor(k / 3)} uses vertex index ${vi}, out of range (the mesh has ${pos.count} vertices)`,
          );
        }
        v.fromBufferAttribute(pos, vi).applyMatrix4(matrix);
        out[k * 3] = v.x;
        out[k * 3 + 1] = v.y;
        out[k * 3 + 2] = v.z;
      }
      chunks.push(out);
    }
  });
  return concatFloat32(chunks);
}

function concatFloat32(chunks: Float32Array[]): Float32Array {
  if (chunks.length === 1) return chunks[0];
  let total = 0;
  for (const c of chunks) total += c.length;
  const out = new Float32Array(total);
  let o = 0;
  for (const c of chunks) {
    out.set(c, o);
    o += c.length;
  }
  return out;
}

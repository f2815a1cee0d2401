;; The SIMD kernel behind `simd-dot-products.ts`. Its binary is embedded in `dot-products-wasm.ts`: after
;; editing this file, run `pnpm --filter @toolsift/selector build:wasm` (a test fails while the two differ).
(module
  (memory (export "memory") 1)
  ;; For j < count: out[j] (f64) = the dot product of the query at $query with the j-th of the vectors stored one
  ;; after another from $vectors, `stride` floats each (a multiple of 16, zero-padded). Four f32x4 partial sums.
  (func (export "dots")
    (param $query i32) (param $vectors i32) (param $count i32) (param $stride i32) (param $out i32)
    (local $at i32) (local $stop i32) (local $q i32) (local $end i32)
    (local $s0 v128) (local $s1 v128) (local $s2 v128) (local $s3 v128)
    (local.set $at (local.get $vectors))
    (local.set $end (i32.add (local.get $out) (i32.shl (local.get $count) (i32.const 3))))
    (block $done
      (loop $each_vector
        (br_if $done (i32.ge_u (local.get $out) (local.get $end)))
        (local.set $stop (i32.add (local.get $at) (i32.shl (local.get $stride) (i32.const 2))))
        (local.set $q (local.get $query))
        (local.set $s0 (v128.const i64x2 0 0))
        (local.set $s1 (v128.const i64x2 0 0))
        (local.set $s2 (v128.const i64x2 0 0))
        (local.set $s3 (v128.const i64x2 0 0))
        (loop $each_block
          (local.set $s0 (f32x4.add (local.get $s0)
            (f32x4.mul (v128.load (local.get $at)) (v128.load (local.get $q)))))
          (local.set $s1 (f32x4.add (local.get $s1)
            (f32x4.mul (v128.load offset=16 (local.get $at)) (v128.load offset=16 (local.get $q)))))
          (local.set $s2 (f32x4.add (local.get $s2)
            (f32x4.mul (v128.load offset=32 (local.get $at)) (v128.load offset=32 (local.get $q)))))
          (local.set $s3 (f32x4.add (local.get $s3)
            (f32x4.mul (v128.load offset=48 (local.get $at)) (v128.load offset=48 (local.get $q)))))
          (local.set $at (i32.add (local.get $at) (i32.const 64)))
          (local.set $q (i32.add (local.get $q) (i32.const 64)))
          (br_if $each_block (i32.lt_u (local.get $at) (local.get $stop))))
        (local.set $s0 (f32x4.add (f32x4.add (local.get $s0) (local.get $s1))
                                  (f32x4.add (local.get $s2) (local.get $s3))))
        (f64.store (local.get $out) (f64.promote_f32
          (f32.add
            (f32.add (f32x4.extract_lane 0 (local.get $s0)) (f32x4.extract_lane 1 (local.get $s0)))
            (f32.add (f32x4.extract_lane 2 (local.get $s0)) (f32x4.extract_lane 3 (local.get $s0))))))
        (local.set $out (i32.add (local.get $out) (i32.const 8)))
        (br $each_vector)))))
